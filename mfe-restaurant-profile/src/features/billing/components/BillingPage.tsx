import { BillingForm, billingApi } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';

/** The 'billing' tab (spec §2 'Facturation'). */
export function BillingPage() {
  return (
    <SectionEditTab
      title="Facturation"
      api={billingApi}
      messages={{ success: 'Les informations de facturation ont été enregistrées avec succès !' }}
      renderForm={(props) => <BillingForm {...props} />}
    />
  );
}
