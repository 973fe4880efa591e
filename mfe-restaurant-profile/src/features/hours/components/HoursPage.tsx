import { HoursForm, hoursApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** The 'hours' tab (spec §2 'Horaires & Fonctionnement'). */
export function HoursPage() {
  return (
    <SectionEditTab
      title="Horaires & Fonctionnement"
      api={hoursApi}
      messages={{ success: 'Les horaires ont été enregistrés avec succès !' }}
      renderForm={(props) => <HoursForm {...props} />}
    />
  );
}
