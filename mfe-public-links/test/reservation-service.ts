/**
 * The reservation service as its own process (reservation-service/test/process.ts), and the
 * reservations the tests make (reservation-service/test/reservation-row.ts) and read back.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { copyOfLyon, submitTestRequest, writeTestReservation, type LyonCopy, type TestRequest, type TestReservation } from '../../reservation-service/test/reservation-row';

export { mailsTo, startReservationService, type RunningService } from '../../reservation-service/test/process';

// ---------------------------------------------------------------- reservations

let client: SupabaseClient | undefined;

/** The service-role client (bypasses RLS), as the reservation service has it: reads the rows back. */
export function serviceDb(): SupabaseClient {
  client ??= createClient(process.env.TEST_SUPABASE_URL!, process.env.TEST_SUPABASE_SERVICE_ROLE_KEY!, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client;
}

let own: Promise<LyonCopy> | undefined;

/**
 * The test file's own restaurant: a copy of the demo restaurant Le Comptoir des Halles (Lyon), with its
 * Menu Canut, made on first use (the seed is read-only for tests). Jest loads this module once per file.
 */
export function ownRestaurant(): Promise<LyonCopy> {
  own ??= copyOfLyon('links');
  return own;
}

export type { TestReservation };

const PREFIX = { numero: 'LNK', restaurateur: 'L', email: 'lien' };

/**
 * A fresh pending request of its own at the file's own copy of Lyon (Menu Canut), submitted as the
 * chatbot submits it (submit_group_request), as reservation-service/test/helpers.ts does.
 */
export async function submitRequest(request: TestRequest = {}): Promise<TestReservation> {
  const { restaurantId, menuCanut } = await ownRestaurant();
  return submitTestRequest({ restaurantId, menuId: menuCanut }, PREFIX, request);
}

/**
 * A reservation written directly as the superuser at the file's own copy of Lyon, for a row
 * submit_group_request refuses on purpose (a decided status, a past date): say why at the call site.
 */
export async function writeReservation(overrides: Record<string, unknown> = {}): Promise<TestReservation> {
  const { restaurantId, menuCanut } = await ownRestaurant();
  return writeTestReservation({ restaurantId, menuId: menuCanut }, PREFIX, overrides);
}

/** The reservation's row as the database holds it now. */
export async function readRow(numero: string): Promise<Record<string, unknown>> {
  const { data, error } = await serviceDb().from('restaurant_reservations').select('*').eq('numero_reservation', numero).single();
  if (error) throw new Error(error.message);
  return data as Record<string, unknown>;
}

/**
 * The customer's messages of a decision the reservation has in the outbox (the transition writes them;
 * the service's sender, not run by these tests, sends them): one per decision.
 */
export async function decisionMessages(reservationId: string): Promise<string[]> {
  const { data, error } = await serviceDb().from('notification_outbox').select('kind').eq('reservation_id', reservationId).like('kind', 'customer_reservation_%');
  if (error) throw new Error(error.message);
  return (data as { kind: string }[]).map((row) => row.kind);
}
