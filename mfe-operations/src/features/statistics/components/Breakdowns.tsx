/**
 * Where groups come from, when they come, what they choose: bars drawn in HTML, each with its figures
 * in words beside it (the text is the chart's alternative). A source leads to its requests in the list.
 */
import { SERVICE_LABELS, statisticsListPath, type RestaurantStatistics, type Service } from '@tablee/operations-data';
import { RESERVATION_SOURCE_LABELS, type ReservationSource } from '@tablee/domain';
import { BRAND_COLOURS } from '@tablee/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount, formatRate, WEEKDAY_LABELS } from '../format';

const BOX = { margin: 0, border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, background: '#fff', minWidth: 0 } as const;
const TITLE = { fontWeight: 600, fontSize: 16, margin: '0 0 12px', color: '#262626' } as const;

interface Row {
  key: string;
  label: ReactNode;
  /** The bar's length, against the largest of the list. */
  value: number;
  text: string;
}

function Bars({ title, rows, empty }: { title: string; rows: Row[]; empty: string }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <section style={BOX} aria-label={title}>
      <h2 style={TITLE}>{title}</h2>
      {rows.length === 0 ? (
        <p style={{ margin: 0, color: '#595959' }}>{empty}</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 10 }}>
          {rows.map((row) => (
            <li key={row.key}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', fontSize: 14 }}>
                <span style={{ fontWeight: 500 }}>{row.label}</span>
                <span style={{ color: '#595959' }}>{row.text}</span>
              </div>
              <div aria-hidden="true" style={{ height: 8, borderRadius: 4, background: '#f5f5f5', marginTop: 4 }}>
                <div style={{ width: `${(row.value / max) * 100}%`, height: '100%', borderRadius: 4, background: BRAND_COLOURS.primary }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n > 1 ? many : one}`;
const sourceLabel = (source: string) => RESERVATION_SOURCE_LABELS[source as ReservationSource] ?? source;

export function Breakdowns({ restaurantId, statistics }: { restaurantId: string; statistics: RestaurantStatistics }) {
  const { period } = statistics;
  const sources: Row[] = statistics.sources.map((s) => ({
    key: s.source,
    label: <Link to={statisticsListPath(restaurantId, period, { source: s.source })}>{sourceLabel(s.source)}</Link>,
    value: s.requests,
    text: `${plural(s.requests, 'demande', 'demandes')} · ${formatRate(s.acceptanceRate)} acceptées`,
  }));
  const weekdays: Row[] = statistics.weekdays.map((d) => ({
    key: String(d.isoDow),
    label: WEEKDAY_LABELS[d.isoDow - 1] ?? String(d.isoDow),
    value: d.covers,
    text: `${plural(d.covers, 'couvert', 'couverts')} · ${plural(d.reservations, 'réservation', 'réservations')}`,
  }));
  const services: Row[] = statistics.services.map((s) => ({
    key: s.service,
    label: SERVICE_LABELS[s.service as Service] ?? s.service,
    value: s.covers,
    text: `${plural(s.covers, 'couvert', 'couverts')} · ${plural(s.reservations, 'réservation', 'réservations')}`,
  }));
  const menus: Row[] = statistics.menus.map((m) => ({
    key: m.name,
    label: m.name,
    value: m.covers,
    text: `${plural(m.covers, 'couvert', 'couverts')} · ${plural(m.reservations, 'réservation', 'réservations')}`,
  }));
  const options: Row[] = statistics.options.map((o) => ({ key: o.name, label: o.name, value: o.reservations, text: plural(o.reservations, 'réservation', 'réservations') }));
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))' }}>
      <Bars title="Origine des demandes" rows={sources} empty="Aucune demande." />
      <Bars title="Jours les plus chargés (couverts confirmés)" rows={weekdays} empty="Aucune réservation confirmée." />
      <Bars title="Services (couverts confirmés)" rows={services} empty="Aucune réservation confirmée." />
      <Bars title="Menus choisis" rows={menus} empty="Aucun menu choisi." />
      <Bars title="Options choisies" rows={options} empty="Aucune option choisie." />
    </div>
  );
}
