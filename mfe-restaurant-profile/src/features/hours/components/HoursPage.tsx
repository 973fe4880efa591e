import { HoursForm, hoursApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** The 'hours' tab (spec §2 'Horaires & Fonctionnement'). */
export function HoursPage() {
  return (
    <SectionEditTab
      title="Horaires & Fonctionnement"
      api={hoursApi}
      messages={{
        success: 'Les horaires ont été enregistrés avec succès !',
        nothingStored: "Rien n'est encore enregistré ici : les horaires affichés sont une proposition. Enregistrez-les pour que votre assistant les utilise.",
      }}
      renderForm={(props) => <HoursForm {...props} />}
    />
  );
}
