import { MenusForm, menusApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

export function MenusPage() {
  return <SectionEditTab title="Menus" api={menusApi} messages={{ success: 'Les menus ont été enregistrés avec succès !' }} renderForm={(props) => <MenusForm {...props} />} />;
}
