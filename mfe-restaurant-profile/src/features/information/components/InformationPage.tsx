import { InformationForm, informationApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** The 'information' tab (spec §2 'Informations du restaurant'). */
export function InformationPage() {
  return (
    <SectionEditTab
      title="Informations du restaurant"
      api={informationApi}
      messages={{ success: 'Les modifications ont été enregistrées avec succès !' }}
      renderForm={(props) => <InformationForm {...props} />}
    />
  );
}
