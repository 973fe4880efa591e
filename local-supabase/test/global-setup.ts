import { launchStack, tempDataDir } from './launch';

/** One seeded stack shared by the test files; its coordinates reach the workers through the environment. */
export default async function globalSetup() {
  const stack = await launchStack({ dataDir: tempDataDir('test') });
  process.env.TEST_SUPABASE_URL = stack.url;
  process.env.TEST_SUPABASE_ANON_KEY = stack.anonKey;
  process.env.TEST_SUPABASE_SERVICE_ROLE_KEY = stack.serviceRoleKey;
  process.env.TEST_DATABASE_URL = stack.dbUrl;
  process.env.TEST_DATA_DIR = stack.dataDir;
  (globalThis as { __tableeStack?: typeof stack }).__tableeStack = stack;
}
