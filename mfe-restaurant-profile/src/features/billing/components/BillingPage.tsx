import { BillingForm, billingApi, type BillingValue, type SectionFormProps } from '@tablee/sections';
import { SectionEditTab } from '../../../components/SectionEditTab';
import { StripeCard } from './StripeCard';

/**
 * The billing form, after the 'Paiement en ligne' card: a card of its own beside the form (not saved by
 * 'Enregistrer les modifications'), above it, as its text points to the payment link below.
 */
function renderBilling(props: SectionFormProps<BillingValue>) {
  return (
    <>
      <StripeCard restaurantId={props.restaurantId} />
      <BillingForm {...props} />
    </>
  );
}

/** The 'billing' tab (spec §2 'Facturation'). */
export function BillingPage() {
  return <SectionEditTab title="Facturation" api={billingApi} messages={{ success: 'Les informations de facturation ont été enregistrées avec succès !' }} renderForm={renderBilling} />;
}
