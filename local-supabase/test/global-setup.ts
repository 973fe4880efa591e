import path from 'node:path';
import { launchStack, tempDataDir } from './launch';
import { loadLargeDataset } from './large-dataset';
import { sealSeededData } from './seeded';

/**
 * The one local-supabase of an integration run (`pnpm test:integration`), shared by every package's
 * tests: seeded with the demo data and the large dataset (bench@tablee.fr), as `pnpm start` and
 * `pnpm bench` have them, then sealed (seeded.ts): each test isolates itself with an owner and a restaurant of its own; the
 * few that need a stack of their own (restart, migrations, strict auth settings) start it and say why.
 * Its coordinates reach the test files through the environment.
 */
export default async function globalSetup() {
  const dataDir = tempDataDir('test');
  const stack = await launchStack({
    dataDir,
    // Every file signs up and in from 127.0.0.1 (hundreds of owners per run): the sign-ups and failed
    // sign-ins of one must not trip another's rate limit. The limits themselves are tested on stacks of
    // their own (auth.test.ts, auth-limits.test.ts, shell's strict-auth.test.tsx).
    // Auth's e-mails (recovery, e-mail change) as .eml files of this run, read by the tests.
    env: { AUTH_MAX_FAILED_SIGNINS: '100000', AUTH_MAX_SIGNUPS: '100000', AUTH_MAX_EMAILS: '100000', OUTBOX_DIR: path.join(dataDir, 'outbox') },
  });
  await loadLargeDataset(stack.dbUrl);
  // From here the seeded data (demo and large dataset) is read-only: a test that writes to it fails.
  await sealSeededData(stack.dbUrl);
  process.env.TEST_SUPABASE_URL = stack.url;
  process.env.TEST_SUPABASE_ANON_KEY = stack.anonKey;
  process.env.TEST_SUPABASE_SERVICE_ROLE_KEY = stack.serviceRoleKey;
  process.env.TEST_DATABASE_URL = stack.dbUrl;
  process.env.TEST_DATA_DIR = stack.dataDir;
  process.env.TEST_OUTBOX_DIR = path.join(dataDir, 'outbox');
  (globalThis as { __tableeStack?: typeof stack }).__tableeStack = stack;
}
