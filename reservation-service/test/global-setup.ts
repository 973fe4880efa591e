import { launchStack, tempDataDir } from '../../local-supabase/test/launch';

/** One seeded local-supabase shared by the test files; its coordinates reach the workers through the environment. */
export default async function globalSetup() {
  const stack = await launchStack({ dataDir: tempDataDir('reservation-service') });
  process.env.TEST_SUPABASE_URL = stack.url;
  process.env.TEST_SUPABASE_SERVICE_ROLE_KEY = stack.serviceRoleKey;
  (globalThis as { __tableeReservationStack?: typeof stack }).__tableeReservationStack = stack;
}
