/**
 * Auth limits as a local stack has them by default: no trusted proxy (X-Forwarded-For is the client's
 * own words), so every try of these tests counts against one address, 127.0.0.1.
 */
import fs from 'node:fs';
import { until } from '../until';
import path from 'node:path';
import { Client } from 'pg';
import { client, uniqueEmail, withDb } from '../clients';
import { launchStack, tempDataDir, type LaunchedStack } from '../launch';
import { outboxMails } from '../mails';

const MAX_FAILED_SIGNINS = 3;
const MAX_SIGNUPS = 2;
const MAX_EMAILS = 3;

// A stack of its own: low limits on the only address the tests have would trip every other file.
let stack: LaunchedStack;
beforeAll(async () => {
  const dataDir = tempDataDir('auth-limits');
  stack = await launchStack({
    dataDir,
    env: {
      AUTH_MAX_FAILED_SIGNINS: String(MAX_FAILED_SIGNINS),
      AUTH_MAX_SIGNUPS: String(MAX_SIGNUPS),
      AUTH_MAX_EMAILS: String(MAX_EMAILS),
      OUTBOX_DIR: path.join(dataDir, 'outbox'),
      LOCAL_SUPABASE_SEED: 'false',
    },
  });
});
afterAll(async () => {
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
});

/** A client that claims to be `address`: with no trusted proxy the server must not believe it. */
const claiming = (address: string) => client(stack.anonKey, stack.url, { 'x-forwarded-for': address });

// Runs first: it spends 2 of the address's 3 failed sign-ins, and the rate-limit test below only needs one.
it('spends one bcrypt comparison on a sign-in whether or not the e-mail has an account', async () => {
  // Structural rather than timed: PostgreSQL counts the calls of pgcrypto's crypt(). An unknown e-mail
  // must cost the same comparison as a wrong password on a real account, so that timing tells nothing.
  const email = uniqueEmail('known');
  await withDb(
    (db) =>
      db.query(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt('motdepasse-solide', extensions.gen_salt('bf', 10)), now(), '{}', '{}')`,
        [email],
      ),
    stack.dbUrl,
  );
  // Counted from here on only (the insert above is not): track_functions reaches the server's pooled
  // connections with the reload, which a new connection seeing 'all' proves has happened.
  await withDb((db) => db.query("alter system set track_functions = 'all'").then(() => db.query('select pg_reload_conf()')), stack.dbUrl);
  await until(
    () => withDb(async (db) => (await db.query('show track_functions')).rows[0].track_functions, stack.dbUrl),
    (setting) => setting === 'all',
    'track_functions = all',
  );

  const stats = new Client({ connectionString: stack.dbUrl });
  await stats.connect();
  try {
    const cryptCalls = async () => {
      await stats.query('select pg_stat_clear_snapshot()');
      const { rows } = await stats.query("select coalesce(sum(calls), 0)::int as calls from pg_stat_user_functions where schemaname = 'extensions' and funcname = 'crypt'");
      return rows[0].calls as number;
    };
    const before = await cryptCalls();
    const known = await claiming('10.1.0.1').auth.signInWithPassword({ email, password: 'mauvais-mdp' });
    const unknown = await claiming('10.1.0.2').auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'mauvais-mdp' });
    expect(known.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.code).toBe('invalid_credentials');
    // The server's connections report their counts when idle (within about 10 s).
    await until(cryptCalls, (calls) => calls >= before + 2, 'two crypt() calls, one per sign-in');
    expect(await cryptCalls()).toBe(before + 2);
  } finally {
    await stats.end();
  }
});

it('limits failed sign-ins per connecting address, whatever X-Forwarded-For claims', async () => {
  let answered429 = false;
  for (let i = 0; i <= MAX_FAILED_SIGNINS && !answered429; i += 1) {
    const { error } = await claiming(`10.2.0.${i + 1}`).auth.signInWithPassword({ email: 'victime@test.tablee.fr', password: `essai-${i}` });
    answered429 = error?.code === 'over_request_rate_limit';
    if (answered429) expect(error?.status).toBe(429);
    else expect(error?.code).toBe('invalid_credentials');
  }
  expect(answered429).toBe(true);
});

it('limits sign-ups per address with over_request_rate_limit (429), whatever X-Forwarded-For claims, and creates nothing then', async () => {
  for (let i = 0; i < MAX_SIGNUPS; i += 1) {
    const { error } = await claiming(`10.3.0.${i + 1}`).auth.signUp({ email: uniqueEmail('wave'), password: 'motdepasse-solide' });
    expect(error).toBeNull();
  }
  const refused = uniqueEmail('wave');
  const { data, error } = await claiming('10.3.0.99').auth.signUp({ email: refused, password: 'motdepasse-solide' });
  expect(error?.code).toBe('over_request_rate_limit');
  expect(error?.status).toBe(429);
  expect(data.user).toBeNull();
  const stored = await withDb((db) => db.query('select 1 from auth.users where email = $1', [refused]), stack.dbUrl);
  expect(stored.rowCount).toBe(0);
});

it('sends one recovery e-mail per account and interval, and limits /recover per address (429), whatever X-Forwarded-For claims', async () => {
  const email = uniqueEmail('spam');
  await withDb(
    (db) =>
      db.query(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt('motdepasse-solide', extensions.gen_salt('bf', 4)), now(), '{}', '{}')`,
        [email],
      ),
    stack.dbUrl,
  );
  const mailsTo = () => outboxMails(path.join(stack.dataDir, 'outbox')).filter((m) => m.to.includes(email));
  // Asked twice at once: the same answer both times (nothing tells that the account exists), one e-mail.
  for (let i = 0; i < MAX_EMAILS - 1; i += 1) {
    expect(await claiming(`10.4.0.${i + 1}`).auth.resetPasswordForEmail(email)).toEqual({ data: {}, error: null });
  }
  await until(
    () => mailsTo().length,
    (count) => count === 1,
    'un e-mail de récupération',
  );
  // The last allowed request, for another address: once its answer is in, the account's second e-mail would have been written.
  expect((await claiming('10.4.0.50').auth.resetPasswordForEmail(uniqueEmail('absent'))).error).toBeNull();
  expect(mailsTo()).toHaveLength(1);
  const refused = await claiming('10.4.0.99').auth.resetPasswordForEmail(email);
  expect(refused.error?.code).toBe('over_email_send_rate_limit');
  expect(refused.error?.status).toBe(429);
});
