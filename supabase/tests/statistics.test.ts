import type { SupabaseClient } from '@supabase/supabase-js';
import type { DashboardStatistics, Statistics, StatisticsFigures } from '../../domain/src/statistics';
import { anon, newOwner, withDb } from '../../local-supabase/test/clients';
import { must } from '../../local-supabase/test/fixtures';
import { insertReservationsAsSuperuser } from '../../local-supabase/test/reservations';

/**
 * Statistiques (issue 46): public.restaurant_statistics, dashboard_statistics and export_statistics_csv on a
 * fixture whose figures are known by construction. Requests received at set instants (created_at), promised
 * answers (respond_by) and decisions (the history's rows) written as the superuser: a year of history that
 * submit_group_request, the one way in for new requests, would refuse (past dates, decided statuses).
 * A reservation belongs to the Paris day of its reception. November 2026 is CET (UTC+1); October 2026 is
 * CEST (UTC+2) until Sunday 25 October 03:00, CET after.
 */

const STATUS = { pending: 0, accepted: 1, rejected: 2, paid: 3, cancelled: 4, no_show: 5 } as const;
type Status = keyof typeof STATUS;

interface Request {
  key: string;
  createdAt: string;
  /** Minutes promised after the request (respond_by − created_at); 120 unless said. */
  promise?: number;
  status: Status;
  source?: 'assistant' | 'web' | 'phone';
  adults: number;
  children?: number;
  date: string;
  arrival?: string;
  total: number;
  received?: number;
  menu?: string;
  options?: string[];
  /** The history: [minutes after the request, from, to, what] — a decision, an undo, a cancellation with its refund. */
  history?: { after: number; from: Status; to: Status; kind?: 'status' | 'undone'; actor?: 'owner' | 'link'; refunded?: number }[];
}

/** November 2026, the period under test, and October (its previous period: 2 October – 31 October, across the change to winter time). */
const REQUESTS: Request[] = [
  // Answered in 60 min (on time), accepted, then paid 360 €; 50 € later refunded from Stripe's dashboard (the ledger, below).
  {
    key: 'R1',
    createdAt: '2026-11-02T10:00:00Z',
    status: 'paid',
    source: 'web',
    adults: 10,
    children: 2,
    date: '2026-11-20',
    arrival: '20:00',
    total: 1200,
    received: 360,
    menu: 'Menu Bistrot',
    options: ['Apéritif'],
    history: [
      { after: 60, from: 'pending', to: 'accepted' },
      { after: 1440, from: 'accepted', to: 'paid' },
    ],
  },
  // Accepted late (240 min for a promise of 120).
  {
    key: 'R2',
    createdAt: '2026-11-03T09:00:00Z',
    status: 'accepted',
    adults: 20,
    date: '2026-11-28',
    arrival: '12:30',
    total: 800,
    menu: 'Menu Prestige',
    options: ['Apéritif', 'Gâteau'],
    history: [{ after: 240, from: 'pending', to: 'accepted' }],
  },
  // Rejected in 30 min.
  { key: 'R3', createdAt: '2026-11-10T08:00:00Z', status: 'rejected', adults: 15, date: '2026-11-25', total: 600, history: [{ after: 30, from: 'pending', to: 'rejected' }] },
  // Accepted in 10 min, paid 300 €, cancelled refunding 100 € online, of which Stripe refused 40 € for good (the ledger, below).
  {
    key: 'R4',
    createdAt: '2026-11-12T14:00:00Z',
    status: 'cancelled',
    source: 'phone',
    adults: 8,
    date: '2026-12-20',
    total: 1000,
    received: 300,
    history: [
      { after: 10, from: 'pending', to: 'accepted' },
      { after: 1440, from: 'accepted', to: 'paid' },
      { after: 2880, from: 'paid', to: 'cancelled', refunded: 100 },
    ],
  },
  // Accepted in 90 min; the group did not come.
  {
    key: 'R5',
    createdAt: '2026-11-16T10:00:00Z',
    status: 'no_show',
    source: 'web',
    adults: 14,
    date: '2026-11-27',
    arrival: '20:00',
    total: 700,
    menu: 'Menu Prestige',
    history: [
      { after: 90, from: 'pending', to: 'accepted' },
      { after: 16000, from: 'accepted', to: 'no_show' },
    ],
  },
  // Accepted from the one-click link and undone a minute later: pending again, not answered.
  {
    key: 'R6',
    createdAt: '2026-11-20T10:00:00Z',
    status: 'pending',
    adults: 10,
    date: '2027-01-15',
    total: 500,
    history: [
      { after: 5, from: 'pending', to: 'accepted', actor: 'link' },
      { after: 6, from: 'accepted', to: 'pending', kind: 'undone', actor: 'link' },
    ],
  },
  // Accepted from the link, undone, then rejected by the owner after 180 min: answered (rejected), late.
  {
    key: 'R7',
    createdAt: '2026-11-24T10:00:00Z',
    status: 'rejected',
    adults: 9,
    date: '2027-01-10',
    total: 450,
    history: [
      { after: 5, from: 'pending', to: 'accepted', actor: 'link' },
      { after: 6, from: 'accepted', to: 'pending', kind: 'undone', actor: 'link' },
      { after: 180, from: 'pending', to: 'rejected' },
    ],
  },
  // 23:30 in Paris on the period's last day: counted. Promised for 11:00 the next morning (690 min).
  { key: 'R8', createdAt: '2026-11-30T22:30:00Z', promise: 690, status: 'pending', adults: 12, date: '2027-02-01', total: 600 },
  // 00:30 in Paris the day after: not counted.
  { key: 'R9', createdAt: '2026-11-30T23:30:00Z', status: 'pending', adults: 30, date: '2027-02-01', total: 3000 },
  // 00:30 in Paris on 1 November (23:30 UTC on the 31st): counted.
  { key: 'R10', createdAt: '2026-10-31T23:30:00Z', status: 'pending', adults: 10, date: '2026-12-01', total: 500 },
  // The previous period: 00:30 in Paris on 2 October (summer time), accepted in 30 min.
  {
    key: 'P1',
    createdAt: '2026-10-01T22:30:00Z',
    status: 'accepted',
    adults: 10,
    date: '2026-10-20',
    total: 400,
    history: [{ after: 30, from: 'pending', to: 'accepted' }],
  },
  // 23:30 in Paris on 1 October: before the previous period.
  { key: 'P0', createdAt: '2026-10-01T21:30:00Z', status: 'pending', adults: 25, date: '2026-10-20', total: 1000 },
  // 23:30 in Paris on 31 October (winter time): the previous period's last request.
  { key: 'P3', createdAt: '2026-10-31T22:30:00Z', status: 'pending', adults: 6, date: '2026-11-15', total: 300 },
];

const minutes = (iso: string, n: number) => new Date(new Date(iso).getTime() + n * 60_000).toISOString();

/** Writes the requests, their promised answers, their history and Stripe's ledger; answers their ids by key. */
async function writeRequests(restaurantId: string, requests: Request[]): Promise<Record<string, string>> {
  const written = await insertReservationsAsSuperuser(
    requests.map((r) => ({
      restaurant_id: restaurantId,
      numero_reservation_restaurateur: r.key,
      customer_name: `Client ${r.key}`,
      status: STATUS[r.status],
      source: r.source ?? 'assistant',
      number_people: r.adults,
      children: r.children ?? 0,
      reservation_date: r.date,
      arrival_time: r.arrival ?? '20:00',
      total_amount: r.total,
      amount_received_cents: r.received === undefined ? null : Math.round(r.received * 100),
      selected_menu: r.menu ?? null,
      options: (r.options ?? []).map((title) => ({ title, price: 5, quantity: 1 })),
      created_at: r.createdAt,
    })),
  );
  const ids = Object.fromEntries(requests.map((r, i) => [r.key, written[i].id]));
  await withDb(async (db) => {
    for (const r of requests) {
      // The insert trigger computes respond_by from the restaurant's hours: set the promise the fixture states.
      await db.query('update public.restaurant_reservations set respond_by = $2 where id = $1', [ids[r.key], minutes(r.createdAt, r.promise ?? 120)]);
      for (const h of r.history ?? []) {
        await db.query(
          `insert into public.reservation_events (reservation_id, restaurant_id, from_status, to_status, actor, kind, created_at, deposit, amount_cents)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            ids[r.key],
            restaurantId,
            STATUS[h.from],
            STATUS[h.to],
            h.actor ?? 'owner',
            h.kind ?? 'status',
            minutes(r.createdAt, h.after),
            h.refunded ? 'refunded' : null,
            h.refunded === undefined ? null : Math.round(h.refunded * 100),
          ],
        );
      }
    }
  });
  return ids;
}

/** Stripe's ledger of the fixture: R1's refund made in Stripe's dashboard (50 €), R4's online refund of 100 € of which 40 € failed for good. */
async function writeLedger(restaurantId: string, ids: Record<string, string>): Promise<void> {
  await withDb(async (db) => {
    const { rows } = await db.query<{ id: string }>(`select id from public.reservation_events where reservation_id = $1 and deposit = 'refunded'`, [ids.R4]);
    const suffix = restaurantId.slice(0, 8);
    const ledger: [string, string, number, string, string | null, string, string | null][] = [
      [ids.R1, 'advance', 36000, 'succeeded', `pi_R1_${suffix}`, `pi_R1_${suffix}`, null],
      [ids.R1, 'refund', 5000, 'succeeded', `re_R1_${suffix}`, `pi_R1_${suffix}`, null],
      [ids.R4, 'advance', 30000, 'succeeded', `pi_R4_${suffix}`, `pi_R4_${suffix}`, null],
      [ids.R4, 'refund', 6000, 'succeeded', `re_R4_${suffix}`, `pi_R4_${suffix}`, rows[0].id],
      [ids.R4, 'refund', 4000, 'failed', null, `pi_R4_${suffix}`, rows[0].id],
    ];
    for (const row of ledger) {
      await db.query(
        `insert into public.reservation_payments (reservation_id, restaurant_id, account_id, kind, amount_cents, status, stripe_id, payment_intent, event_id)
         values ($1, $2, 'acct_Statistiques', $3, $4, $5, $6, $7, $8)`,
        [row[0], restaurantId, ...row.slice(1)],
      );
    }
  });
}

const EMPTY_FIGURES: StatisticsFigures = {
  requests: 0,
  answered: 0,
  answeredOnTime: 0,
  onTimeRate: null,
  medianAnswerMinutes: null,
  accepted: 0,
  acceptanceRate: null,
  coversConfirmed: 0,
  coversLost: 0,
  confirmedGroups: 0,
  revenueCents: 0,
  revenuePerCoverCents: null,
  revenuePerGroupCents: null,
  depositsReceivedCents: 0,
  depositsRefundedCents: 0,
  noShows: 0,
  noShowRate: null,
  medianLeadDays: null,
  medianGroupSize: null,
};

/** November 2026, by construction (see REQUESTS): R1–R8 and R10 received, R9 not. */
const NOVEMBER: StatisticsFigures = {
  requests: 9,
  // R1, R2, R3, R4, R5, R7 (R6's decision was undone; R8 and R10 are pending).
  answered: 6,
  // R1 60 ≤ 120, R3 30, R4 10, R5 90; R2 240 and R7 180 late.
  answeredOnTime: 4,
  onTimeRate: 0.6667,
  // 10, 30, 60, 90, 180, 240.
  medianAnswerMinutes: 75,
  // R1, R2, R4, R5: accepted, whatever became of them.
  accepted: 4,
  acceptanceRate: 0.6667,
  // R1 paid (10 + 2), R2 accepted (20).
  coversConfirmed: 32,
  // R3 15 and R7 9 rejected, R4 8 cancelled, R5 14 no-show.
  coversLost: 46,
  confirmedGroups: 2,
  revenueCents: 200000,
  revenuePerCoverCents: 6250,
  revenuePerGroupCents: 100000,
  // R1 360 €, R4 300 €.
  depositsReceivedCents: 66000,
  // R4's cancellation 100 € less 40 € refused by Stripe, R1's 50 € from Stripe's dashboard.
  depositsRefundedCents: 11000,
  noShows: 1,
  // R5 / (R5 + R1 and R2, whose meals have passed).
  noShowRate: 0.3333,
  // 11, 15, 18, 25, 30, 38, 47, 56, 63 days.
  medianLeadDays: 30,
  // 8, 9, 10, 10, 12, 12, 14, 15, 20.
  medianGroupSize: 12,
};

/** 2 October – 31 October: P1 (accepted in 30 min, 10 covers, 400 €) and P3 (pending, 6); P0 is on 1 October. */
const OCTOBER: StatisticsFigures = {
  ...EMPTY_FIGURES,
  requests: 2,
  answered: 1,
  answeredOnTime: 1,
  onTimeRate: 1,
  medianAnswerMinutes: 30,
  accepted: 1,
  acceptanceRate: 1,
  coversConfirmed: 10,
  confirmedGroups: 1,
  revenueCents: 40000,
  revenuePerCoverCents: 4000,
  revenuePerGroupCents: 40000,
  noShowRate: 0,
  // 18 and 15 days.
  medianLeadDays: 16.5,
  medianGroupSize: 8,
};

let owner: Awaited<ReturnType<typeof newOwner>>;
let restaurantId: string;

const statistics = async (client: SupabaseClient, from: string, to: string, id = restaurantId) =>
  (await must(client.rpc('restaurant_statistics', { p_restaurant_id: id, p_from: from, p_to: to }))) as Statistics;

beforeAll(async () => {
  owner = await newOwner('statistiques');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Statistiques' }).select('id').single()));
  const ids = await writeRequests(restaurantId, REQUESTS);
  await writeLedger(restaurantId, ids);
});

test('a month of requests: the figures known by construction, beside the previous month (across the change to winter time)', async () => {
  const s = await statistics(owner.client, '2026-11-01', '2026-11-30');
  expect(s.period).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  expect(s.previousPeriod).toEqual({ from: '2026-10-02', to: '2026-10-31' });
  expect(s.current).toEqual(NOVEMBER);
  expect(s.previous).toEqual(OCTOBER);
});

test('weeks, sources, weekdays, services, menus and options of the period', async () => {
  const s = await statistics(owner.client, '2026-11-01', '2026-11-30');
  // Every ISO week touching November (1 November is a Sunday), zeros included; R10 is received on Sunday 1 November.
  expect(s.weeks).toEqual([
    { weekStart: '2026-10-26', requests: 1, coversConfirmed: 0, medianAnswerMinutes: null, medianPromiseMinutes: 120 },
    { weekStart: '2026-11-02', requests: 2, coversConfirmed: 32, medianAnswerMinutes: 150, medianPromiseMinutes: 120 },
    { weekStart: '2026-11-09', requests: 2, coversConfirmed: 0, medianAnswerMinutes: 20, medianPromiseMinutes: 120 },
    { weekStart: '2026-11-16', requests: 2, coversConfirmed: 0, medianAnswerMinutes: 90, medianPromiseMinutes: 120 },
    { weekStart: '2026-11-23', requests: 1, coversConfirmed: 0, medianAnswerMinutes: 180, medianPromiseMinutes: 120 },
    { weekStart: '2026-11-30', requests: 1, coversConfirmed: 0, medianAnswerMinutes: null, medianPromiseMinutes: 690 },
  ]);
  expect(s.sources).toEqual([
    // R2, R3, R6, R7, R8, R10: three answered, one accepted.
    { source: 'assistant', requests: 6, accepted: 1, acceptanceRate: 0.3333 },
    { source: 'web', requests: 2, accepted: 2, acceptanceRate: 1 },
    { source: 'phone', requests: 1, accepted: 1, acceptanceRate: 1 },
  ]);
  // The confirmed ones only (R1: Friday 20 November, dinner; R2: Saturday 28 November, lunch).
  expect(s.weekdays).toEqual([
    { isoDow: 1, reservations: 0, covers: 0 },
    { isoDow: 2, reservations: 0, covers: 0 },
    { isoDow: 3, reservations: 0, covers: 0 },
    { isoDow: 4, reservations: 0, covers: 0 },
    { isoDow: 5, reservations: 1, covers: 12 },
    { isoDow: 6, reservations: 1, covers: 20 },
    { isoDow: 7, reservations: 0, covers: 0 },
  ]);
  expect(s.services).toEqual([
    { service: 'lunch', reservations: 1, covers: 20 },
    { service: 'dinner', reservations: 1, covers: 12 },
  ]);
  // R5's Menu Prestige is a no-show: not among the confirmed.
  expect(s.menus).toEqual([
    { name: 'Menu Prestige', reservations: 1, covers: 20 },
    { name: 'Menu Bistrot', reservations: 1, covers: 12 },
  ]);
  expect(s.options).toEqual([
    { name: 'Apéritif', reservations: 2 },
    { name: 'Gâteau', reservations: 1 },
  ]);
});

test('an empty period: zeros, nulls, every week and weekday, no source, menu or option', async () => {
  const s = await statistics(owner.client, '2025-01-01', '2025-01-31');
  expect(s.current).toEqual(EMPTY_FIGURES);
  expect(s.previous).toEqual(EMPTY_FIGURES);
  expect(s.weeks.map((w) => w.weekStart)).toEqual(['2024-12-30', '2025-01-06', '2025-01-13', '2025-01-20', '2025-01-27']);
  expect(s.weeks.every((w) => w.requests === 0 && w.medianPromiseMinutes === null)).toBe(true);
  expect(s.sources).toEqual([]);
  expect(s.weekdays.map((d) => [d.isoDow, d.reservations])).toEqual([1, 2, 3, 4, 5, 6, 7].map((d) => [d, 0]));
  expect(s.services).toEqual([
    { service: 'lunch', reservations: 0, covers: 0 },
    { service: 'dinner', reservations: 0, covers: 0 },
  ]);
  expect([s.menus, s.options]).toEqual([[], []]);
});

test('a single reservation: one day, R3 rejected in 30 min', async () => {
  const s = await statistics(owner.client, '2026-11-10', '2026-11-10');
  expect(s.previousPeriod).toEqual({ from: '2026-11-09', to: '2026-11-09' });
  expect(s.current).toEqual({
    ...EMPTY_FIGURES,
    requests: 1,
    answered: 1,
    answeredOnTime: 1,
    onTimeRate: 1,
    medianAnswerMinutes: 30,
    acceptanceRate: 0,
    coversLost: 15,
    medianLeadDays: 15,
    medianGroupSize: 15,
  });
  expect(s.previous).toEqual(EMPTY_FIGURES);
  expect(s.weeks).toEqual([{ weekStart: '2026-11-09', requests: 1, coversConfirmed: 0, medianAnswerMinutes: 30, medianPromiseMinutes: 120 }]);
  expect(s.sources).toEqual([{ source: 'assistant', requests: 1, accepted: 0, acceptanceRate: 0 }]);
});

test('a week across the change to winter time (25 October 2026) counts whole Paris days', async () => {
  const other = await newOwner('statistiques-heure');
  const { id } = await must(other.client.from('restaurants').insert({ name: 'Heure d’hiver' }).select('id').single());
  const at = (key: string, createdAt: string): Request => ({ key, createdAt, status: 'pending', adults: 10, date: '2026-12-12', total: 100 });
  await writeRequests(id, [
    // Monday 19 October 00:30 in Paris (summer time, UTC+2): counted; Sunday 18 October 23:30: the week before.
    at('D1', '2026-10-18T22:30:00Z'),
    at('D0', '2026-10-18T21:30:00Z'),
    // Sunday 25 October 23:30 in Paris (winter time, UTC+1): counted; Monday 26 October 00:30: not.
    at('D2', '2026-10-25T22:30:00Z'),
    at('D3', '2026-10-25T23:30:00Z'),
  ]);
  const s = await statistics(other.client, '2026-10-19', '2026-10-25', id);
  expect([s.current.requests, s.previous.requests]).toEqual([2, 1]);
  expect(s.weeks.map((w) => [w.weekStart, w.requests])).toEqual([['2026-10-19', 2]]);
  // The day of reception is Paris's, on both sides of the change.
  expect(s.current.medianLeadDays).toBe((54 + 48) / 2);
});

test('a period reversed, missing or over three years is refused in French and changes nothing', async () => {
  const call = (from: string | null, to: string | null, fn = 'restaurant_statistics') => owner.client.rpc(fn, { p_restaurant_id: restaurantId, p_from: from, p_to: to });
  expect((await call('2026-11-30', '2026-11-01')).error).toMatchObject({ code: '22023', message: 'Période invalide : le premier jour (30/11/2026) est après le dernier (01/11/2026)' });
  expect((await call(null, '2026-11-01')).error).toMatchObject({ code: '22023', message: 'Période invalide : indiquez le premier et le dernier jour' });
  expect((await call('2023-01-01', '2026-01-01')).error).toMatchObject({
    code: '22023',
    message: 'Période trop longue : les statistiques couvrent au plus 3 ans (1 096 jours)',
  });
  expect((await call('2023-01-01', '2026-12-31', 'export_statistics_csv')).error).toMatchObject({ code: '22023' });
  // Three years exactly (1,096 days) are answered.
  expect((await statistics(owner.client, '2024-01-01', '2026-12-31')).current.requests).toBe(13);
  expect((await statistics(owner.client, '2026-11-01', '2026-11-30')).current).toEqual(NOVEMBER);
});

/** « Demande reçue le » of the reservation list's CSV (dd/mm/yyyy hh:mi, Paris) as a Paris day 'yyyy-mm-dd'. */
const csvDay = (text: string) => `${text.slice(6, 10)}-${text.slice(3, 5)}-${text.slice(0, 2)}`;
const cents = (euros: string | number | null) => Math.round(Number(String(euros ?? 0).replace(',', '.')) * 100);
const median = (values: number[]) => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** Midnight of a Paris day as an instant (the list's `recuDu`/`recuAu` bounds): Europe/Paris is UTC+1 or UTC+2. */
const parisMidnight = (day: string) => {
  for (const offset of [1, 2]) {
    const instant = new Date(`${day}T00:00:00Z`);
    instant.setUTCHours(-offset);
    const paris = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).format(instant);
    if (paris === `${day}, 00`) return instant.toISOString();
  }
  throw new Error(`no Paris midnight for ${day}`);
};
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

test('the same figures from the list’s rows (supabase-js, its reception bounds) and from the list’s CSV (« Demande reçue le »)', async () => {
  for (const [from, to] of [
    ['2026-11-01', '2026-11-30'],
    ['2026-10-02', '2026-10-31'],
    ['2026-10-19', '2026-11-15'],
  ]) {
    const s = await statistics(owner.client, from, to);

    // 1. The list's query: created_at >= recuDu 00:00 Paris and < the day after recuAu 00:00 Paris; the history of those rows.
    const rows = (await must(
      owner.client
        .from('restaurant_reservations')
        .select('id, status, number_people, children, total_amount, amount_received_cents, reservation_date, created_at, respond_by')
        .eq('restaurant_id', restaurantId)
        .gte('created_at', parisMidnight(from))
        .lt('created_at', parisMidnight(nextDay(to))),
    )) as {
      id: string;
      status: number;
      number_people: number;
      children: number;
      total_amount: number;
      amount_received_cents: number | null;
      reservation_date: string;
      created_at: string;
      respond_by: string;
    }[];
    const events = (await must(
      owner.client
        .from('reservation_events')
        .select('reservation_id, kind, from_status, to_status, created_at')
        .in(
          'reservation_id',
          rows.map((r) => r.id),
        )
        .order('created_at'),
    )) as { reservation_id: string; kind: string; from_status: number; to_status: number; created_at: string }[];
    const confirmed = rows.filter((r) => r.status === STATUS.accepted || r.status === STATUS.paid);
    const decisions = rows.flatMap((r) => {
      const last = events.filter((e) => e.reservation_id === r.id && (e.kind === 'undone' || (e.kind === 'status' && e.from_status === STATUS.pending))).at(-1);
      return last && last.kind === 'status' ? [{ row: r, at: Date.parse(last.created_at), accepted: last.to_status === STATUS.accepted }] : [];
    });
    const fromList = {
      requests: rows.length,
      answered: decisions.length,
      answeredOnTime: decisions.filter((d) => d.at <= Date.parse(d.row.respond_by)).length,
      medianAnswerMinutes: median(decisions.map((d) => (d.at - Date.parse(d.row.created_at)) / 60_000)),
      accepted: decisions.filter((d) => d.accepted).length,
      coversConfirmed: confirmed.reduce((sum, r) => sum + r.number_people + r.children, 0),
      coversLost: rows.filter((r) => [STATUS.rejected, STATUS.cancelled, STATUS.no_show].includes(r.status as 2 | 4 | 5)).reduce((sum, r) => sum + r.number_people + r.children, 0),
      confirmedGroups: confirmed.length,
      revenueCents: confirmed.reduce((sum, r) => sum + cents(r.total_amount), 0),
      depositsReceivedCents: rows.reduce((sum, r) => sum + (r.amount_received_cents ?? 0), 0),
      noShows: rows.filter((r) => r.status === STATUS.no_show).length,
      medianGroupSize: median(rows.map((r) => r.number_people + r.children)),
    };

    // 2. The list's CSV, all of it, kept by its « Demande reçue le » day.
    const csv = (await must(owner.client.rpc('export_reservations_csv', { p_restaurant_id: restaurantId }))) as string;
    const [header, ...lines] = csv.slice(1).split('\r\n').filter(Boolean);
    const column = (name: string) => header.split(';').indexOf(name);
    const fields = lines.map((line) => line.split(';').map((f) => f.replace(/^"|"$/g, '')));
    const inPeriod = fields.filter((f) => csvDay(f[column('Demande reçue le')]) >= from && csvDay(f[column('Demande reçue le')]) <= to);
    const covers = (f: string[]) => Number(f[column('Adultes')]) + Number(f[column('Enfants')]);
    const isConfirmed = (f: string[]) => ['Acceptée', 'Payée', 'Acompte reçu'].includes(f[column('Statut')]);
    const fromCsv = {
      requests: inPeriod.length,
      coversConfirmed: inPeriod.filter(isConfirmed).reduce((sum, f) => sum + covers(f), 0),
      coversLost: inPeriod.filter((f) => ['Refusée', 'Annulée', 'Non présenté'].includes(f[column('Statut')])).reduce((sum, f) => sum + covers(f), 0),
      confirmedGroups: inPeriod.filter(isConfirmed).length,
      revenueCents: inPeriod.filter(isConfirmed).reduce((sum, f) => sum + cents(f[column('Montant total (€)')]), 0),
      depositsReceivedCents: inPeriod.reduce((sum, f) => sum + cents(f[column('Montant reçu (€)')] || 0), 0),
      noShows: inPeriod.filter((f) => f[column('Statut')] === 'Non présenté').length,
      medianGroupSize: median(inPeriod.map(covers)),
    };

    const { current } = s;
    expect({ from, to, ...fromList }).toEqual({
      from,
      to,
      requests: current.requests,
      answered: current.answered,
      answeredOnTime: current.answeredOnTime,
      medianAnswerMinutes: current.medianAnswerMinutes,
      accepted: current.accepted,
      coversConfirmed: current.coversConfirmed,
      coversLost: current.coversLost,
      confirmedGroups: current.confirmedGroups,
      revenueCents: current.revenueCents,
      depositsReceivedCents: current.depositsReceivedCents,
      noShows: current.noShows,
      medianGroupSize: current.medianGroupSize,
    });
    expect({ from, to, ...fromCsv }).toEqual({
      from,
      to,
      requests: current.requests,
      coversConfirmed: current.coversConfirmed,
      coversLost: current.coversLost,
      confirmedGroups: current.confirmedGroups,
      revenueCents: current.revenueCents,
      depositsReceivedCents: current.depositsReceivedCents,
      noShows: current.noShows,
      medianGroupSize: current.medianGroupSize,
    });
  }
});

test('the CSV: the figures of the period beside the previous one, for French spreadsheets', async () => {
  const text = (await must(owner.client.rpc('export_statistics_csv', { p_restaurant_id: restaurantId, p_from: '2026-11-01', p_to: '2026-11-30' }))) as string;
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.slice(1).split('\r\n')).toEqual([
    'Indicateur;Du 01/11/2026 au 30/11/2026;Période précédente, du 02/10/2026 au 31/10/2026',
    '"Demandes reçues";9;2',
    '"Demandes traitées (acceptées ou refusées)";6;1',
    '"Traitées dans le délai promis";4;1',
    '"Réponses dans le délai promis (%)";66,7;100',
    '"Délai médian de réponse (minutes)";75;30',
    '"Demandes acceptées";4;1',
    '"Taux d\'acceptation (%)";66,7;100',
    '"Couverts confirmés";32;10',
    '"Couverts perdus (refusés, annulés, non présentés)";46;0',
    '"Groupes confirmés";2;1',
    '"Chiffre d\'affaires des groupes (€)";2000,00;400,00',
    '"Moyenne par couvert (€)";62,50;40,00',
    '"Moyenne par groupe (€)";1000,00;400,00',
    '"Acomptes reçus (€)";660,00;0,00',
    '"Acomptes remboursés (€)";110,00;0,00',
    '"Non présentés";1;0',
    '"Taux de non-présentation (%)";33,3;0',
    '"Délai médian entre la demande et le repas (jours)";30;16,5',
    '"Taille médiane des groupes (personnes)";12;8',
    '',
  ]);
  // Nothing to measure: empty fields.
  const empty = (await must(owner.client.rpc('export_statistics_csv', { p_restaurant_id: restaurantId, p_from: '2025-01-01', p_to: '2025-01-31' }))) as string;
  expect(empty.split('\r\n')[4]).toBe('"Réponses dans le délai promis (%)";;');
});

test('members only: anonymous and another owner are refused (42501), a manager reads them', async () => {
  const args = { p_restaurant_id: restaurantId, p_from: '2026-11-01', p_to: '2026-11-30' };
  for (const fn of ['restaurant_statistics', 'export_statistics_csv']) {
    expect((await anon().rpc(fn, args)).error).toMatchObject({ code: '42501' });
    const other = await newOwner('statistiques-autre');
    expect(await other.client.rpc(fn, args)).toMatchObject({ status: 403, data: null, error: { code: '42501', message: 'Accès non autorisé à ce restaurant' } });
    // A restaurant that does not exist is refused the same way.
    expect((await other.client.rpc(fn, { ...args, p_restaurant_id: '00000000-0000-4000-8000-000000000000' })).error).toMatchObject({ code: '42501' });
  }
  expect((await anon().rpc('dashboard_statistics')).error).toMatchObject({ code: '42501' });

  const manager = await newOwner('statistiques-gerant');
  await withDb((db) => db.query(`insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)`, [manager.userId, restaurantId, owner.userId]));
  expect((await statistics(manager.client, '2026-11-01', '2026-11-30')).current).toEqual(NOVEMBER);
  expect(await must(manager.client.rpc('export_statistics_csv', args))).toMatch(/^\uFEFFIndicateur;/);
  expect(((await must(manager.client.rpc('dashboard_statistics'))) as DashboardStatistics).map((c) => c.restaurantId)).toEqual([restaurantId]);
});

test('the dashboard: this Paris month for each of the caller’s restaurants, in one call, and no one else’s', async () => {
  const multi = await newOwner('statistiques-tableau');
  const restaurant = async (name: string) => (await must(multi.client.from('restaurants').insert({ name }).select('id').single())).id as string;
  const [first, second] = [await restaurant('A — Brasserie'), await restaurant('B — Bistrot')];
  // This month (the 1st, 00:01 in Paris): two requests at the first, one answered on time and accepted (12 covers), one pending.
  const monthStart = await withDb(
    async (db) =>
      (await db.query<{ at: string }>(`select to_json((date_trunc('month', now() at time zone 'Europe/Paris') + interval '1 minute') at time zone 'Europe/Paris') #>> '{}' as at`)).rows[0].at,
  );
  await writeRequests(first, [
    { key: 'M1', createdAt: monthStart, status: 'accepted', adults: 10, children: 2, date: '2027-03-01', total: 100, history: [{ after: 30, from: 'pending', to: 'accepted' }] },
    { key: 'M2', createdAt: monthStart, status: 'pending', adults: 10, date: '2027-03-01', total: 100 },
    // Another month: not on the card.
    { key: 'M0', createdAt: '2026-01-15T10:00:00Z', status: 'accepted', adults: 30, date: '2026-02-01', total: 100, history: [{ after: 30, from: 'pending', to: 'accepted' }] },
  ]);
  expect(await must(multi.client.rpc('dashboard_statistics'))).toEqual([
    { restaurantId: first, requests: 2, onTimeRate: 1, coversConfirmed: 12 },
    { restaurantId: second, requests: 0, onTimeRate: null, coversConfirmed: 0 },
  ]);
  // The fixture's owner sees their own restaurant only.
  expect(((await must(owner.client.rpc('dashboard_statistics'))) as DashboardStatistics).map((c) => c.restaurantId)).toEqual([restaurantId]);
});
