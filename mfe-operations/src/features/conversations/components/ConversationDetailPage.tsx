import { CONVERSATION_ID_PREFIX_LENGTH, formatDate, formatMessageTime, MESSAGE_AUTHOR_LABELS, PageEmpty, PageError, PageFrame, PageLoading, type Conversation } from '@tablee/shared';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { deleteConversation } from '../api/deleteConversation';
import { getConversation } from '../api/getConversation';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; conversation: Conversation };

/** One conversation, oldest message first (assistant on the right), with its deletion behind a confirmation. */
export function ConversationDetailPage() {
  const { restaurantId = '', conversationId = '' } = useParams();
  const navigate = useNavigate();
  const listUrl = `/restaurants/${restaurantId}/operational/conversations`;
  const back = { to: listUrl, label: 'Retour aux conversations' };
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [deleting, setDeleting] = useState(false);
  const [modal, modalHolder] = Modal.useModal();

  useEffect(() => {
    if (!conversationId) return setLoad({ state: 'error', message: 'ID de conversation manquant' });
    let live = true;
    setLoad({ state: 'loading' });
    getConversation(restaurantId, conversationId).then(
      (conversation) => live && setLoad(conversation ? { state: 'ready', conversation } : { state: 'error', message: 'Conversation introuvable' }),
      () => live && setLoad({ state: 'error', message: 'Erreur lors du chargement de la conversation' }),
    );
    return () => {
      live = false;
    };
  }, [restaurantId, conversationId]);

  const title = `Conversation #${conversationId.slice(0, CONVERSATION_ID_PREFIX_LENGTH)}`;
  if (load.state === 'loading') {
    return (
      <PageFrame title={title} back={back}>
        <PageLoading label="Chargement de la conversation..." />
      </PageFrame>
    );
  }
  if (load.state === 'error') {
    return (
      <PageFrame title={conversationId ? title : 'Erreur'} back={back}>
        <PageError message={load.message} />
      </PageFrame>
    );
  }

  const { conversation } = load;
  const messages = conversation.messages ?? [];
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteConversation(conversation.id);
      navigate(listUrl);
    } catch {
      setDeleting(false);
      modal.error({ title: 'Erreur', content: 'Erreur lors de la suppression de la conversation', okText: 'OK' });
    }
  };
  const confirmRemoval = () =>
    modal.confirm({
      title: 'Supprimer la conversation',
      content: 'Êtes-vous sûr de vouloir supprimer cette conversation ? Cette action est irréversible.',
      okText: 'Supprimer',
      okButtonProps: { danger: true },
      cancelText: 'Annuler',
      onOk: () => void remove(),
    });

  return (
    <PageFrame
      title={title}
      subtitle={`Créée le ${formatDate(conversation.createdAt)} • ${conversation.messageCount} message(s)`}
      back={back}
      actions={
        <Button danger type="primary" disabled={deleting} onClick={confirmRemoval}>
          {deleting ? 'Suppression...' : 'Supprimer'}
        </Button>
      }
    >
      {modalHolder}
      {messages.length === 0 ? (
        <PageEmpty title="Aucun message" description="Cette conversation ne contient aucun message." />
      ) : (
        <ol aria-label="Messages" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 10 }}>
          {messages.map((m) => {
            const isAssistant = m.role === 'assistant';
            return (
              <li key={m.id} data-role={m.role} style={{ alignSelf: isAssistant ? 'flex-end' : 'flex-start', maxWidth: '80%' }}>
                <div style={{ fontSize: 12, fontWeight: 600, color: '#595959', textAlign: isAssistant ? 'right' : 'left' }}>{MESSAGE_AUTHOR_LABELS[m.role]}</div>
                <div style={{ background: isAssistant ? '#fbe9e1' : '#f5f5f5', borderRadius: 8, padding: '8px 12px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.content}</div>
                <div style={{ fontSize: 12, color: '#595959', textAlign: isAssistant ? 'right' : 'left', marginTop: 2 }}>{formatMessageTime(m.createdAt)}</div>
              </li>
            );
          })}
        </ol>
      )}
    </PageFrame>
  );
}
