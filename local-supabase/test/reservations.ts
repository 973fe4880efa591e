import { randomBytes } from 'node:crypto';
import { client, env, withDb } from './clients';

/**
 * The two ways a test gets a reservation. A pending request, as the chatbot makes one: through
 * public.submit_group_request with the service role (`submitGroupRequest`), the one way in, at a
 * complete restaurant on an open day. A row that function refuses on purpose (a decided status, a past
 * or fixed far-future date, a closed day, hand-picked numbers or totals, a restaurant left incomplete):
 * written directly as the superuser, the only role still allowed to insert (`insertReservationsAsSuperuser`);
 * say at the call site why the function cannot be used.
 */

/** Where the stack is: the test run's (global-setup's environment) unless given (e2e, benches). */
export interface StackAccess {
  url: string;
  serviceRoleKey: string;
  dbUrl: string;
}

const testStack = (): StackAccess => ({ url: env.url, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl });

// ---------------------------------------------------------------- the chatbot's way in

/** A request as the chatbot sends it (migration 20261125000100_submit_group_request.sql). */
export interface GroupRequest {
  external_id: string;
  date: string;
  arrival_time: string;
  adults: number;
  children?: number;
  menu_id?: string | null;
  options?: { option_id: string; quantity?: number }[];
  customer: { name: string; email?: string | null; phone?: string | null };
  message?: string;
  conversation?: { id: string } | { messages: { role: 'user' | 'assistant'; content: string; sent_at: string }[] };
}

export interface Slot {
  date: string;
  arrival_time: string;
  service: 'lunch' | 'dinner';
}

/**
 * The first open day from tomorrow (Paris; or `fromDays` days ahead) on which the restaurant takes `people`
 * at one of its arrival times (of `service` when given, serving `menuId` when given), read from its profile
 * as submit_group_request reads it.
 */
export async function nextOpenSlot(
  restaurantId: string,
  wanted: { people?: number; service?: 'lunch' | 'dinner'; menuId?: string | null; fromDays?: number } = {},
  dbUrl = env.databaseUrl,
): Promise<Slot> {
  const rows = await withDb(
    async (db) =>
      (
        await db.query<Slot>(
          `select to_char(d, 'YYYY-MM-DD') as date, to_char(t.arrival_time, 'HH24:MI') as arrival_time, t.service
             from generate_series((now() at time zone 'Europe/Paris')::date + $5::int, (now() at time zone 'Europe/Paris')::date + 59 + $5::int, interval '1 day') d
             join public.restaurants r on r.id = $1 and lower(to_char(d, 'FMDay')) = any (r.days_open)
             join public.restaurant_hours h on h.restaurant_id = r.id and h.day = lower(to_char(d, 'FMDay'))
             join public.restaurant_arrival_times t on t.restaurant_id = r.id and t.day = h.day
            where case t.service when 'lunch' then h.lunch_is_open else h.dinner_is_open end
              and $2::int between case t.service when 'lunch' then h.lunch_group_min else h.dinner_group_min end
                              and case t.service when 'lunch' then h.lunch_group_max else h.dinner_group_max end
              and ($3::text is null or t.service = $3)
              and ($4::uuid is null or exists (select 1 from public.restaurant_menus m where m.id = $4
                     and case t.service when 'lunch' then m.available_lunch else m.available_dinner end))
            order by d, t.arrival_time
            limit 1`,
          [restaurantId, wanted.people ?? 12, wanted.service ?? null, wanted.menuId ?? null, wanted.fromDays ?? 1],
        )
      ).rows,
    dbUrl,
  );
  if (rows.length === 0) throw new Error(`le restaurant ${restaurantId} n’a aucun créneau ouvert dans les 60 jours pour ${wanted.people ?? 12} personnes`);
  return rows[0];
}

export interface SubmittedRequest {
  id: string;
  numero: string;
  restaurateur: string;
  codeReservation: string;
  /** The secret of the one-click links, read back from the row (the function does not return it). */
  codeManage: string;
  /** The customer's e-mail as stored, null without one. */
  email: string | null;
  date: string;
  arrivalTime: string;
  /** submit_group_request's whole answer. */
  answer: { replayed: boolean; reservation: Record<string, unknown>; acceptance: Record<string, unknown> | null };
}

/**
 * A pending request submitted as the chatbot submits it: submit_group_request through PostgREST with
 * the service role. Fields not given: a new external_id, 12 adults, a customer with an e-mail address,
 * and the restaurant's next open slot for the party (and its menu). A refusal throws with its code.
 */
export async function submitGroupRequest(restaurantId: string, request: Partial<GroupRequest> = {}, stack: StackAccess = testStack()): Promise<SubmittedRequest> {
  const adults = request.adults ?? 12;
  const slot =
    request.date && request.arrival_time
      ? { date: request.date, arrival_time: request.arrival_time }
      : await nextOpenSlot(restaurantId, { people: adults + (request.children ?? 0), menuId: request.menu_id }, stack.dbUrl);
  const suffix = randomBytes(5).toString('hex');
  const body: GroupRequest = {
    external_id: `test-${suffix}`,
    customer: { name: 'Client Test', email: `client-${suffix}@test.tablee.fr` },
    ...request,
    adults,
    date: slot.date,
    arrival_time: slot.arrival_time,
  };
  const service = client(stack.serviceRoleKey, stack.url);
  const { data, error } = await service.rpc('submit_group_request', { p_restaurant_id: restaurantId, p_request: body });
  if (error) throw Object.assign(new Error(`submit_group_request a refusé la demande : ${error.code} ${error.message} (${error.details})`), { code: error.code });
  const answer = data as SubmittedRequest['answer'];
  const id = answer.reservation.id as string;
  const row = await service.from('restaurant_reservations').select('code_manage, email').eq('id', id).single();
  if (row.error) throw new Error(row.error.message);
  return {
    id,
    numero: answer.reservation.numero as string,
    restaurateur: answer.reservation.numero_restaurateur as string,
    codeReservation: answer.reservation.code_reservation as string,
    codeManage: row.data.code_manage as string,
    email: row.data.email as string | null,
    date: slot.date,
    arrivalTime: slot.arrival_time,
    answer,
  };
}

// ---------------------------------------------------------------- rows written directly

/** A row of public.restaurant_reservations by column name; the numbers are made up when not given. */
export type ReservationRow = { restaurant_id: string; number_people: number; reservation_date: string } & Record<string, unknown>;

export interface WrittenReservation {
  id: string;
  numero_reservation: string;
  numero_reservation_restaurateur: string;
  code_reservation: string;
  code_manage: string;
  email: string | null;
}

/**
 * Rows submit_group_request would refuse, written directly as the superuser in one transaction (all
 * or none); columns not given take the table's defaults and triggers run as for any insert. A
 * constraint's refusal is thrown as PostgreSQL's error (its `code`, e.g. 23514).
 */
export async function insertReservationsAsSuperuser(rows: ReservationRow[], dbUrl = env.databaseUrl): Promise<WrittenReservation[]> {
  const full = rows.map((row) => {
    const suffix = randomBytes(5).toString('hex').toUpperCase();
    return { numero_reservation: `TST-${suffix}`, numero_reservation_restaurateur: `T-${suffix}`, code_reservation: suffix.slice(0, 6), ...row };
  });
  // One statement per set of columns: a large batch is one round trip.
  const groups = new Map<string, ReservationRow[]>();
  for (const row of full) {
    const columns = Object.keys(row).sort();
    const bad = columns.find((c) => !/^[a-z_]+$/.test(c));
    if (bad) throw new Error(`colonne inattendue : ${bad}`);
    groups.set(columns.join(','), [...(groups.get(columns.join(',')) ?? []), row]);
  }
  const written = await withDb(async (db) => {
    await db.query('begin');
    try {
      const out: WrittenReservation[] = [];
      for (const [key, group] of groups) {
        const list = key
          .split(',')
          .map((c) => `"${c}"`)
          .join(', ');
        const { rows: inserted } = await db.query<WrittenReservation>(
          `insert into public.restaurant_reservations (${list})
           select ${list} from jsonb_populate_recordset(null::public.restaurant_reservations, $1::jsonb)
           returning id, numero_reservation, numero_reservation_restaurateur, code_reservation, code_manage, email`,
          [JSON.stringify(group)],
        );
        out.push(...inserted);
      }
      await db.query('commit');
      return out;
    } catch (error) {
      await db.query('rollback');
      throw error;
    }
  }, dbUrl);
  const byNumero = new Map(written.map((w) => [w.numero_reservation, w]));
  return full.map((row) => byNumero.get(row.numero_reservation as string)!);
}

/** One row, as insertReservationsAsSuperuser writes them. */
export async function insertReservationAsSuperuser(row: ReservationRow, dbUrl = env.databaseUrl): Promise<WrittenReservation> {
  return (await insertReservationsAsSuperuser([row], dbUrl))[0];
}
