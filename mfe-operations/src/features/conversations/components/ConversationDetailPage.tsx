import { CONVERSATION_ID_PREFIX_LENGTH, NotYetAvailable, PageError, PageFrame } from '@tablee/shared';
import { useParams } from 'react-router';

/** Page frame of one conversation (back link and title); messages and deletion come in a later issue. */
export function ConversationDetailPage() {
  const { restaurantId, conversationId } = useParams();
  const back = { to: `/restaurants/${restaurantId}/operational/conversations`, label: 'Retour aux conversations' };
  if (!conversationId) {
    return (
      <PageFrame title="Erreur" back={back}>
        <PageError message="ID de conversation manquant" />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`Conversation #${conversationId.slice(0, CONVERSATION_ID_PREFIX_LENGTH)}`} back={back}>
      <NotYetAvailable />
    </PageFrame>
  );
}
