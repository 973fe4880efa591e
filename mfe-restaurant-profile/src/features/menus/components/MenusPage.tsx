import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the 'menus' tab; the form itself is built by a later issue. */
export function MenusPage() {
  return (
    <PageFrame title="Menus">
      <NotYetAvailable />
    </PageFrame>
  );
}
