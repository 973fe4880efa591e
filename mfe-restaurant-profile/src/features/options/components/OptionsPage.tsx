import { OptionsForm, optionsApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

export function OptionsPage() {
  return (
    <SectionEditTab title="Options supplémentaires" api={optionsApi} messages={{ success: 'Les options ont été enregistrées avec succès !' }} renderForm={(props) => <OptionsForm {...props} />} />
  );
}
