import { conversationCreatedText, conversationQueryOptions, conversationTitle, CONVERSATION_ID_PREFIX_LENGTH, messageAuthorLabel, requestPathOf } from '@tablee/operations-data';
import { formatMessageTime, PageEmpty, PageError, PageFrame, PageLoading } from '@tablee/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useDeleteConversation } from '../api/deleteConversation';
import { useConversation } from '../api/getConversation';
import { ConversationBadges } from './ConversationBadges';
import { ConversationReply } from './ConversationReply';

/** The customer's messages grey, the assistant's in the brand's tint, the restaurant's staff's amber. */
const MESSAGE_BACKGROUNDS = { user: '#f5f5f5', assistant: '#fbe9e1', staff: '#fff7e6' } as const;

/** One conversation, oldest message first (assistant on the right), with its deletion behind a confirmation. */
export function ConversationDetailPage() {
  const { restaurantId = '', conversationId = '' } = useParams();
  const navigate = useNavigate();
  const listUrl = `/restaurants/${restaurantId}/operational/conversations`;
  const back = { to: listUrl, label: 'Retour aux conversations' };
  const query = useConversation(restaurantId, conversationId);
  const removal = useDeleteConversation(restaurantId);
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();

  const title = `Conversation #${conversationId.slice(0, CONVERSATION_ID_PREFIX_LENGTH)}`;
  const errorMessage = !conversationId
    ? 'ID de conversation manquant'
    : query.isError && query.data === undefined
      ? 'Erreur lors du chargement de la conversation'
      : query.data === null
        ? 'Conversation introuvable'
        : undefined;
  if (errorMessage) {
    return (
      <PageFrame title={conversationId ? title : 'Erreur'} back={back}>
        <PageError message={errorMessage} />
      </PageFrame>
    );
  }
  const conversation = query.data;
  if (!conversation) {
    return (
      <PageFrame title={title} back={back}>
        <PageLoading label="Chargement de la conversation..." />
      </PageFrame>
    );
  }
  const messages = conversation.messages ?? [];
  const deleting = removal.isPending || removal.isSuccess;
  const remove = () =>
    removal.mutate(conversation.id, {
      onSuccess: () => {
        navigate(listUrl);
        // Once the screen is left: removed under it, the mounted query would read the deleted conversation again.
        queryClient.removeQueries({ queryKey: conversationQueryOptions(restaurantId, conversation.id).queryKey });
      },
      onError: () => modal.error({ title: 'Erreur', content: 'Erreur lors de la suppression de la conversation', okText: 'OK' }),
    });
  const confirmRemoval = () =>
    modal.confirm({
      title: 'Supprimer la conversation',
      content: 'Êtes-vous sûr de vouloir supprimer cette conversation ? Cette action est irréversible.',
      okText: 'Supprimer',
      okButtonProps: { danger: true },
      cancelText: 'Annuler',
      onOk: remove,
    });

  return (
    <PageFrame
      title={conversationTitle(conversation)}
      subtitle={`${conversationCreatedText(formatMessageTime(conversation.createdAt))} • ${conversation.messageCount} message(s)`}
      back={back}
      actions={
        <Button danger type="primary" disabled={deleting} onClick={confirmRemoval}>
          {deleting ? 'Suppression...' : 'Supprimer'}
        </Button>
      }
    >
      {modalHolder}
      <ConversationBadges conversation={conversation} />
      <p style={{ margin: 0, color: '#595959' }}>
        {title}
        {conversation.requests.map((r) => (
          <span key={r.numero}>
            {' · '}
            <Link to={requestPathOf(restaurantId, r.numero)}>Demande {r.numero}</Link>
          </span>
        ))}
      </p>
      {messages.length === 0 ? (
        <PageEmpty title="Aucun message" description="Cette conversation ne contient aucun message." />
      ) : (
        <ol aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 10 }}>
          {messages.map((m) => {
            // The restaurant's side (assistant, staff) on the right, the customer on the left.
            const isAssistant = m.role !== 'user';
            return (
              <li key={m.id} data-role={m.role} style={{ alignSelf: isAssistant ? 'flex-end' : 'flex-start', maxWidth: '80%' }}>
                <div style={{ fontSize: 12, fontWeight: 600, color: '#595959', textAlign: isAssistant ? 'right' : 'left' }}>{messageAuthorLabel(m.role, m.authorName)}</div>
                <div style={{ background: MESSAGE_BACKGROUNDS[m.role], borderRadius: 8, padding: '8px 12px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.content}</div>
                <div style={{ fontSize: 12, color: '#595959', textAlign: isAssistant ? 'right' : 'left', marginTop: 2 }}>{formatMessageTime(m.createdAt)}</div>
              </li>
            );
          })}
        </ol>
      )}
      {conversation.channel !== 'import' && <ConversationReply conversation={conversation} readAt={query.dataUpdatedAt} />}
    </PageFrame>
  );
}
