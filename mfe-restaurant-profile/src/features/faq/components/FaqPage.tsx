import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'faq' tab; the form itself is built by a later issue. */
export function FaqPage() {
  return (
    <PageFrame title="Foire Aux Questions">
      <NotYetAvailable />
    </PageFrame>
  );
}
