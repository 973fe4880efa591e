import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'hours' tab; the form itself is built by a later issue. */
export function HoursPage() {
  return (
    <PageFrame title="Horaires & Fonctionnement">
      <NotYetAvailable />
    </PageFrame>
  );
}
