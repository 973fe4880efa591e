import { formatDateTime, truncate } from '@tablee/shared';
import { CONVERSATION_ID_PREFIX_LENGTH, MESSAGE_AUTHOR_LABELS, MESSAGE_PREVIEW_LENGTH } from '@tablee/operations-data';
import type { Conversation } from '@tablee/domain';
import { Link } from 'react-router';

/** One card of the list: short id, message count, last message, last update. */
export function ConversationCard({ conversation: c }: { conversation: Conversation }) {
  return (
    <Link
      to={c.id}
      data-testid="conversation-card"
      style={{ display: 'flex', justifyContent: 'space-between', gap: 16, padding: 16, border: '1px solid #e8e8e8', borderRadius: 8, color: 'inherit' }}
    >
      <div style={{ minWidth: 0 }}>
        <div style={{ fontWeight: 600 }}>
          Conversation #{c.id.slice(0, CONVERSATION_ID_PREFIX_LENGTH)} <span style={{ fontWeight: 400, color: '#595959' }}>· {c.messageCount} message(s)</span>
        </div>
        {c.lastMessage && (
          <p style={{ margin: '4px 0 0', color: '#434343', overflowWrap: 'anywhere' }}>
            <strong>{MESSAGE_AUTHOR_LABELS[c.lastMessage.role]} :</strong> {truncate(c.lastMessage.content, MESSAGE_PREVIEW_LENGTH)}
          </p>
        )}
      </div>
      <time dateTime={c.updatedAt} style={{ whiteSpace: 'nowrap', color: '#595959', fontSize: 13 }}>
        {formatDateTime(c.updatedAt)}
      </time>
    </Link>
  );
}
