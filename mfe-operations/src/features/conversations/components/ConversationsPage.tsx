import { NotYetAvailable, PageFrame } from '@tablee/shared';

/** Page frame of the conversation list; the list itself is built by a later issue. */
export function ConversationsPage() {
  return (
    <PageFrame title="Conversations" subtitle="Liste des conversations avec vos clients">
      <NotYetAvailable />
    </PageFrame>
  );
}
