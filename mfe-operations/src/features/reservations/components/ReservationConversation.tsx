import { formatDateTime } from '@tablee/shared';
import { messageAuthorLabel } from '@tablee/operations-data';
import type { ConversationMessage } from '@tablee/domain';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';

/** The conversation behind the reservation: the customer's messages on the right; `path`, its own page. */
export function ReservationConversation({ messages, path }: { messages: ConversationMessage[] | undefined; path?: string }) {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Historique de la conversation</h2>} extra={path && <Link to={path}>Ouvrir la conversation</Link>}>
      {!messages?.length ? (
        <Typography.Text type="secondary">Aucune conversation disponible</Typography.Text>
      ) : (
        // Focusable: the list scrolls, keyboard users must reach it.
        <ol aria-label="Messages" tabIndex={0} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 520, overflowY: 'auto' }}>
          {messages.map((m) => {
            const isUser = m.sender === 'user';
            return (
              <li key={m.id} data-sender={m.sender} style={{ alignSelf: isUser ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
                <div style={{ background: isUser ? '#fbe9e1' : '#f5f5f5', borderRadius: 8, padding: '8px 12px', whiteSpace: 'pre-wrap' }}>
                  <span className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {messageAuthorLabel(m.sender === 'bot' ? 'assistant' : m.sender, m.authorName)} :{' '}
                  </span>
                  {m.content}
                </div>
                <div style={{ fontSize: 12, color: '#595959', textAlign: isUser ? 'right' : 'left', marginTop: 2 }}>{formatDateTime(m.timestamp)}</div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
