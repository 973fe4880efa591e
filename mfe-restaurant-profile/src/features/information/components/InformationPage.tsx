import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'information' tab; the form itself is built by a later issue. */
export function InformationPage() {
  return (
    <PageFrame title="Informations du restaurant">
      <NotYetAvailable />
    </PageFrame>
  );
}
