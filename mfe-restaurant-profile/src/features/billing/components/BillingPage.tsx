import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'billing' tab; the form itself is built by a later issue. */
export function BillingPage() {
  return (
    <PageFrame title="Facturation">
      <NotYetAvailable />
    </PageFrame>
  );
}
