import { launchStack, tempDataDir } from '../../local-supabase/test/launch';
import { loadLargeDataset } from '../../local-supabase/test/large-dataset';

/** One seeded stack with the large dataset (bench@tablee.fr: 10,000 reservations, 2,000 conversations × 30 messages). */
export default async function globalSetup() {
  const stack = await launchStack({ dataDir: tempDataDir('operations') });
  await loadLargeDataset(stack.dbUrl);
  process.env.OPS_TEST_URL = stack.url;
  process.env.OPS_TEST_ANON_KEY = stack.anonKey;
  process.env.OPS_TEST_SERVICE_KEY = stack.serviceRoleKey;
  process.env.OPS_TEST_DB_URL = stack.dbUrl;
  (globalThis as { __opsStack?: unknown }).__opsStack = stack;
}
