import { customerHintQueryOptions, customerPathOf } from '@tablee/operations-data';
import { isUuid } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Tag } from 'antd';
import { Link } from 'react-router';

/** Colours that pass WCAG AA on the alert's background. */
const LOYAL_STYLE = { marginInlineEnd: 0, color: '#135200', background: '#f6ffed', borderColor: '#135200' } as const;
const NO_SHOW_STYLE = { marginInlineEnd: 0, color: '#a8071a', background: '#fff1f0', borderColor: '#a8071a' } as const;

/**
 * What the guest book tells of a reservation's customer where it helps the decision ('Client fidèle —
 * 4ᵉ réservation', 'Non présenté le 12/03'), with a link to their page; nothing when it has nothing to say.
 */
export function CustomerHintBanner({ restaurantId, reservationId }: { restaurantId: string; reservationId: string }) {
  const hint = useQuery({ ...customerHintQueryOptions(restaurantId, reservationId), enabled: isUuid(restaurantId) && isUuid(reservationId) }).data;
  if (!hint || hint.hints.length === 0) return null;
  const noShow = hint.lastNoShow !== null;
  return (
    <Alert
      type={noShow ? 'warning' : 'info'}
      showIcon
      data-testid="customer-hint"
      style={{ marginBottom: 16 }}
      title={
        <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {hint.hints.map((text) => (
            <Tag key={text} style={/^Non présenté/.test(text) ? NO_SHOW_STYLE : LOYAL_STYLE}>
              {text}
            </Tag>
          ))}
          {hint.customerId && <Link to={customerPathOf(restaurantId, hint.customerId)}>Voir la fiche client</Link>}
        </span>
      }
    />
  );
}
