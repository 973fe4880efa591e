import { InformationForm, informationApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** The 'information' tab (spec §2 'Informations du restaurant'). */
export function InformationPage() {
  return (
    <SectionEditTab
      title="Informations du restaurant"
      api={informationApi}
      messages={{
        success: 'Les modifications ont été enregistrées avec succès !',
        // The name and address are always stored (on the restaurant's row); the amenities and contact may not be.
        nothingStored: 'Les équipements et le contact ne sont pas encore enregistrés : les valeurs affichées sont une proposition. Enregistrez-les pour que votre assistant les utilise.',
      }}
      renderForm={(props) => <InformationForm {...props} />}
    />
  );
}
