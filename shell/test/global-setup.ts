import { launchStack, tempDataDir } from '../../local-supabase/test/launch';

/**
 * Two throw-away stacks: 'main' as deployed (auto-confirm, signup on), and 'strict' (confirmation
 * required, signup disabled, three failed sign-ins trip the rate limit) for the other error codes.
 */
export default async function globalSetup() {
  const main = await launchStack({ dataDir: tempDataDir('shell-main'), env: {} });
  const strict = await launchStack({
    dataDir: tempDataDir('shell-strict'),
    env: { AUTH_ENABLE_CONFIRMATIONS: '1', AUTH_ENABLE_SIGNUP: '0', LOCAL_SUPABASE_SEED: '0', AUTH_MAX_FAILED_SIGNINS: '3' },
  });
  process.env.SHELL_TEST_URL = main.url;
  process.env.SHELL_TEST_ANON_KEY = main.anonKey;
  process.env.SHELL_TEST_STRICT_URL = strict.url;
  process.env.SHELL_TEST_STRICT_ANON_KEY = strict.anonKey;
  process.env.SHELL_TEST_STRICT_DB_URL = strict.dbUrl;
  (globalThis as { __shellStacks?: unknown[] }).__shellStacks = [main, strict];
}
