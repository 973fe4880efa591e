import type { Conversation } from '@tablee/domain';
import { CHANNEL_LABELS, HANDED_OVER_LABEL, TAKEN_OVER_LABEL } from '@tablee/operations-data';
import { Tag } from 'antd';

/** Where the conversation takes place, 'À vous' when the assistant passed it to the restaurant, 'Vous répondez' once taken over. */
export function ConversationBadges({ conversation: c }: { conversation: Conversation }) {
  const channel = CHANNEL_LABELS[c.channel];
  if (!channel && !c.handedOverAt && c.answeredBy !== 'staff') return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {channel && <Tag style={{ marginInlineEnd: 0 }}>{channel}</Tag>}
      {c.handedOverAt && (
        <Tag color="volcano" style={{ marginInlineEnd: 0 }} data-testid="handed-over">
          {HANDED_OVER_LABEL}
        </Tag>
      )}
      {c.answeredBy === 'staff' && (
        <Tag color="blue" style={{ marginInlineEnd: 0 }}>
          {TAKEN_OVER_LABEL}
        </Tag>
      )}
    </span>
  );
}
