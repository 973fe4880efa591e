import { launchStack, tempDataDir } from '../../local-supabase/test/launch';

/** One throw-away local-supabase stack for the wizard and the full-onboarding test. */
export default async function globalSetup() {
  const stack = await launchStack({ dataDir: tempDataDir('onboarding'), env: { LOCAL_SUPABASE_SEED: '0' } });
  process.env.ONBOARDING_TEST_URL = stack.url;
  process.env.ONBOARDING_TEST_ANON_KEY = stack.anonKey;
  (globalThis as { __onboardingStack?: unknown }).__onboardingStack = stack;
}
