import { statisticsListPath, type RestaurantStatistics } from '@tablee/operations-data';
import type { ReservationStatus, StatisticsFigures } from '@tablee/domain';
import { Link } from 'react-router';
import { direction, formatCents, formatChange, formatCount, formatDays, formatMinutes, formatPeople, formatRate } from '../format';

interface Figure {
  key: string;
  label: string;
  /** The figure as shown, from one period's figures. */
  show: (f: StatisticsFigures) => string;
  /** The number compared with the previous period's. */
  value: (f: StatisticsFigures) => number | null;
  change: 'relative' | 'points';
  /** A rise is bad news (a longer answer time, more covers lost, more no-shows). */
  lowerIsBetter?: boolean;
  /** A line under the figure. */
  detail?: (f: StatisticsFigures) => string;
  /** The list's statuses showing what it counts (received in the period in any case). */
  statuses?: ReservationStatus[];
}

const CONFIRMED: ReservationStatus[] = ['accepted', 'paid'];
const ANSWERED: ReservationStatus[] = ['accepted', 'paid', 'rejected', 'cancelled', 'no_show'];

/**
 * The contract's figures, in the order an owner asks them: how many came, how fast and how they were
 * answered, what was confirmed and lost, what it brings, the money held, who did not come, how far
 * ahead and how large. Each links to the reservation list received in the period with its statuses.
 */
const FIGURES: Figure[] = [
  { key: 'requests', label: 'Demandes reçues', show: (f) => formatCount(f.requests), value: (f) => f.requests, change: 'relative' },
  {
    key: 'answered',
    label: 'Demandes répondues',
    show: (f) => formatCount(f.answered),
    value: (f) => f.answered,
    change: 'relative',
    detail: (f) => (f.requests ? `${formatRate(f.answered / f.requests)} des demandes` : ''),
    statuses: ANSWERED,
  },
  {
    key: 'onTime',
    label: 'Répondues à temps',
    show: (f) => formatRate(f.onTimeRate),
    value: (f) => f.onTimeRate,
    change: 'points',
    detail: (f) => `${formatCount(f.answeredOnTime)} sur ${formatCount(f.answered)} · délai médian ${formatMinutes(f.medianAnswerMinutes)}`,
    statuses: ANSWERED,
  },
  {
    key: 'answerTime',
    label: 'Délai médian de réponse',
    show: (f) => formatMinutes(f.medianAnswerMinutes),
    value: (f) => f.medianAnswerMinutes,
    change: 'relative',
    lowerIsBetter: true,
    statuses: ANSWERED,
  },
  {
    key: 'acceptance',
    label: 'Taux d’acceptation',
    show: (f) => formatRate(f.acceptanceRate),
    value: (f) => f.acceptanceRate,
    change: 'points',
    detail: (f) => `${formatCount(f.accepted)} acceptée${f.accepted > 1 ? 's' : ''} sur ${formatCount(f.answered)}`,
    statuses: CONFIRMED,
  },
  {
    key: 'coversConfirmed',
    label: 'Couverts confirmés',
    show: (f) => formatCount(f.coversConfirmed),
    value: (f) => f.coversConfirmed,
    change: 'relative',
    detail: (f) => `${formatCount(f.confirmedGroups)} groupe${f.confirmedGroups > 1 ? 's' : ''}`,
    statuses: CONFIRMED,
  },
  {
    key: 'coversLost',
    label: 'Couverts perdus',
    show: (f) => formatCount(f.coversLost),
    value: (f) => f.coversLost,
    change: 'relative',
    lowerIsBetter: true,
    detail: () => 'Refusés, annulés ou non présentés',
    statuses: ['rejected', 'cancelled', 'no_show'],
  },
  { key: 'revenue', label: 'Chiffre d’affaires groupes', show: (f) => formatCents(f.revenueCents), value: (f) => f.revenueCents, change: 'relative', statuses: CONFIRMED },
  { key: 'perCover', label: 'Moyenne par couvert', show: (f) => formatCents(f.revenuePerCoverCents), value: (f) => f.revenuePerCoverCents, change: 'relative', statuses: CONFIRMED },
  { key: 'perGroup', label: 'Moyenne par groupe', show: (f) => formatCents(f.revenuePerGroupCents), value: (f) => f.revenuePerGroupCents, change: 'relative', statuses: CONFIRMED },
  { key: 'depositsReceived', label: 'Acomptes reçus', show: (f) => formatCents(f.depositsReceivedCents), value: (f) => f.depositsReceivedCents, change: 'relative' },
  {
    key: 'depositsRefunded',
    label: 'Acomptes remboursés',
    show: (f) => formatCents(f.depositsRefundedCents),
    value: (f) => f.depositsRefundedCents,
    change: 'relative',
    lowerIsBetter: true,
    statuses: ['cancelled'],
  },
  {
    key: 'noShow',
    label: 'Taux de non-présentation',
    show: (f) => formatRate(f.noShowRate),
    value: (f) => f.noShowRate,
    change: 'points',
    lowerIsBetter: true,
    detail: (f) => `${formatCount(f.noShows)} non présenté${f.noShows > 1 ? 's' : ''}`,
    statuses: ['no_show'],
  },
  { key: 'lead', label: 'Délai médian demande → repas', show: (f) => formatDays(f.medianLeadDays), value: (f) => f.medianLeadDays, change: 'relative' },
  { key: 'groupSize', label: 'Taille médiane des groupes', show: (f) => formatPeople(f.medianGroupSize), value: (f) => f.medianGroupSize, change: 'relative' },
];

/** Green for good news, red for bad, grey otherwise: dark enough on white for WCAG AA. */
const TONE = { good: '#135200', bad: '#a8071a', neutral: '#595959' };

const CARD = { border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, background: '#fff', display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 } as const;
const GRID = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(clamp(140px, 18%, 220px), 1fr))' } as const;

export function FigureGrid({ restaurantId, statistics, comparison }: { restaurantId: string; statistics: RestaurantStatistics; comparison: string }) {
  const { current, previous, period } = statistics;
  return (
    <ul aria-label="Chiffres de la période" style={GRID}>
      {FIGURES.map((figure) => {
        const now = figure.value(current);
        const before = figure.value(previous);
        const change = formatChange(now, before, figure.change);
        const moved = direction(now, before);
        const tone = moved === 'up' || moved === 'down' ? ((moved === 'up') !== !!figure.lowerIsBetter ? TONE.good : TONE.bad) : TONE.neutral;
        const detail = figure.detail?.(current);
        return (
          <li key={figure.key} style={CARD} data-testid={`statistic-${figure.key}`}>
            <Link to={statisticsListPath(restaurantId, period, { statuses: figure.statuses })} style={{ display: 'flex', flexDirection: 'column', gap: 4, color: 'inherit' }}>
              <span style={{ color: '#595959', fontSize: 13 }}>{figure.label}</span>
              <strong data-testid="statistic-value" style={{ fontSize: 22, lineHeight: 1.2, color: '#262626', overflowWrap: 'anywhere' }}>
                {figure.show(current)}
              </strong>
            </Link>
            {detail && <span style={{ fontSize: 13, color: '#595959' }}>{detail}</span>}
            <span data-testid="statistic-change" style={{ fontSize: 13, color: change ? tone : TONE.neutral }}>
              {change ?? '—'} {comparison} ({figure.show(previous)})
            </span>
          </li>
        );
      })}
    </ul>
  );
}
