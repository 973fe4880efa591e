import { formatDateTime, truncate } from '@tablee/shared';
import { CONVERSATION_ID_PREFIX_LENGTH, MESSAGE_PREVIEW_LENGTH, messageAuthorLabel, requestPathOf } from '@tablee/operations-data';
import type { Conversation } from '@tablee/domain';
import { Link } from 'react-router';
import { ConversationBadges } from './ConversationBadges';

/**
 * One card of the list: with whom (the customer of its request, else its short id), message count, last
 * message, last update; its requests linked beside it (a link may not sit inside the card's own link).
 */
export function ConversationCard({ conversation: c }: { conversation: Conversation }) {
  // Whom it is with: the customer of its request, else the contact they gave (a WhatsApp number, an e-mail).
  const customer = c.requests.find((r) => r.customerName.trim())?.customerName.trim() ?? c.customerContact ?? undefined;
  const shortId = `Conversation #${c.id.slice(0, CONVERSATION_ID_PREFIX_LENGTH)}`;
  return (
    <div data-testid="conversation-card" style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', padding: 16, border: '1px solid #e8e8e8', borderRadius: 8 }}>
      <Link to={c.id} style={{ flex: '1 1 240px', minWidth: 0, color: 'inherit' }}>
        <div style={{ fontWeight: 600 }}>
          {customer ?? shortId} <span style={{ fontWeight: 400, color: '#595959' }}>· {c.messageCount} message(s)</span>
        </div>
        <ConversationBadges conversation={c} />
        {c.lastMessage && (
          <p style={{ margin: '4px 0 0', color: '#434343', overflowWrap: 'anywhere' }}>
            <strong>{messageAuthorLabel(c.lastMessage.role)} :</strong> {truncate(c.lastMessage.content, MESSAGE_PREVIEW_LENGTH)}
          </p>
        )}
      </Link>
      {/* At the card's right; on a phone, wrapped below, still at its right. */}
      <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 4, fontSize: 13, marginInlineStart: 'auto' }}>
        <time dateTime={c.updatedAt} style={{ whiteSpace: 'nowrap', color: '#595959' }}>
          {formatDateTime(c.updatedAt)}
        </time>
        {customer && <span style={{ color: '#595959' }}>{shortId}</span>}
        {c.requests.map((r) => (
          <Link key={r.numero} to={requestPathOf(c.restaurantId, r.numero)}>
            Demande {r.numero}
          </Link>
        ))}
      </div>
    </div>
  );
}
