import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'cgv' tab; the form itself is built by a later issue. */
export function CgvPage() {
  return (
    <PageFrame title="Conditions Générales de Vente (CGV)">
      <NotYetAvailable />
    </PageFrame>
  );
}
