import { launchStack, tempDataDir } from '../../local-supabase/test/launch';

/**
 * One seeded local-supabase shared by the test files; its coordinates reach the workers through the environment,
 * under names of this package's own: every project's global setup runs in one process before any test.
 */
export default async function globalSetup() {
  const stack = await launchStack({ dataDir: tempDataDir('reservation-service') });
  process.env.RESERVATION_TEST_SUPABASE_URL = stack.url;
  process.env.RESERVATION_TEST_SERVICE_ROLE_KEY = stack.serviceRoleKey;
  (globalThis as { __tableeReservationStack?: typeof stack }).__tableeReservationStack = stack;
}
