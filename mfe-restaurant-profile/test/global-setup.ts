import { launchStack, tempDataDir } from '../../local-supabase/test/launch';

/** One throw-away stack without demo data: each test signs up its own owner. */
export default async function globalSetup() {
  const stack = await launchStack({ dataDir: tempDataDir('profile'), env: { LOCAL_SUPABASE_SEED: '0' } });
  process.env.PROFILE_TEST_URL = stack.url;
  process.env.PROFILE_TEST_ANON_KEY = stack.anonKey;
  (globalThis as { __profileStack?: unknown }).__profileStack = stack;
}
