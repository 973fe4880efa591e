import { CGV_LOAD_ERROR_MESSAGE, CGV_SAVE_ERROR_MESSAGE, CGV_SAVED_MESSAGE, CGV_SUBMIT_LABEL, CgvForm, cgvApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** The 'cgv' tab (spec §2 'Conditions Générales de Vente (CGV)'), with its own button and messages (spec §8). */
export function CgvPage() {
  return (
    <SectionEditTab
      title="Conditions Générales de Vente (CGV)"
      api={cgvApi}
      submitLabel={CGV_SUBMIT_LABEL}
      messages={{
        success: CGV_SAVED_MESSAGE,
        error: CGV_SAVE_ERROR_MESSAGE,
        loadError: CGV_LOAD_ERROR_MESSAGE,
        nothingStored: "Aucune CGV n'est encore enregistrée : choisissez vos conditions puis enregistrez-les pour que votre assistant les utilise.",
      }}
      renderForm={(props) => <CgvForm {...props} />}
    />
  );
}
