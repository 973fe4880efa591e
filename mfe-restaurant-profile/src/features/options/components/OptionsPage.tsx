import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'options' tab; the form itself is built by a later issue. */
export function OptionsPage() {
  return (
    <PageFrame title="Options supplémentaires">
      <NotYetAvailable />
    </PageFrame>
  );
}
