import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'photos' tab; the form itself is built by a later issue. */
export function PhotosPage() {
  return (
    <PageFrame title="Photos du restaurant">
      <NotYetAvailable />
    </PageFrame>
  );
}
