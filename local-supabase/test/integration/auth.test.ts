import fs from 'node:fs';
import jwt from 'jsonwebtoken';
import { anon, client, uniqueEmail, withDb } from '../clients';
import { launchStack, tempDataDir, type LaunchedStack } from '../launch';

const password = 'motdepasse-solide';

describe('auth: the calls supabase-js makes', () => {
  it('signs up, signs in with a JWT that PostgREST and RLS understand, reads the user', async () => {
    const email = uniqueEmail('signup');
    const supabase = anon();
    const signUp = await supabase.auth.signUp({ email, password });
    expect(signUp.error).toBeNull();
    expect(signUp.data.user?.email).toBe(email);

    const signIn = await supabase.auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    const claims = jwt.decode(session.access_token) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: signUp.data.user!.id, role: 'authenticated', aud: 'authenticated', email });
    expect(typeof claims.exp).toBe('number');

    const user = await supabase.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user?.id).toBe(signUp.data.user!.id);

    const stored = await withDb((db) => db.query('select encrypted_password from auth.users where id = $1', [signUp.data.user!.id]));
    expect(stored.rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
  });

  it('rotates refresh tokens; an unknown one is refused', async () => {
    const email = uniqueEmail('refresh');
    const supabase = anon();
    await supabase.auth.signUp({ email, password });
    const { data } = await supabase.auth.signInWithPassword({ email, password });
    const first = data.session!.refresh_token;

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first);
    expect(refreshed.data.session!.user.email).toBe(email);

    const unknown = await anon().auth.refreshSession({ refresh_token: 'nope' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
  });

  it("reusing a rotated refresh token after the reuse interval revokes the whole session, the thief's new token too", async () => {
    const email = uniqueEmail('stolen');
    const victim = anon();
    await victim.auth.signUp({ email, password });
    const { data } = await victim.auth.signInWithPassword({ email, password });
    const stolen = data.session!.refresh_token;

    // The thief refreshes first with the stolen token and gets a session of their own from it.
    const thief = await anon().auth.refreshSession({ refresh_token: stolen });
    expect(thief.error).toBeNull();
    const thiefSession = thief.data.session!;

    // The victim's client later presents the same token: past the reuse interval (10 s, as GoTrue's
    // default), here by ageing its rotation in the database rather than waiting.
    await withDb((db) => db.query("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [stolen]));
    const reuse = await anon().auth.refreshSession({ refresh_token: stolen });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.status).toBe(400);

    const thiefRefresh = await anon().auth.refreshSession({ refresh_token: thiefSession.refresh_token });
    expect(thiefRefresh.error).not.toBeNull();
    expect(thiefRefresh.data.session).toBeNull();
    expect((await anon().auth.getUser(thiefSession.access_token)).error?.name).toBe('AuthSessionMissingError');
    expect((await anon().auth.getUser(data.session!.access_token)).error?.name).toBe('AuthSessionMissingError');
    const { session_id } = jwt.decode(data.session!.access_token) as { session_id: string };
    const sessions = await withDb((db) => db.query('select 1 from auth.sessions where id = $1', [session_id]));
    expect(sessions.rowCount).toBe(0);
  });

  it('a rotated refresh token presented again within the reuse interval (a lost answer) gets a token of the same session', async () => {
    const email = uniqueEmail('retry');
    const supabase = anon();
    await supabase.auth.signUp({ email, password });
    const { data } = await supabase.auth.signInWithPassword({ email, password });
    const first = data.session!.refresh_token;
    expect((await anon().auth.refreshSession({ refresh_token: first })).error).toBeNull();

    const retry = await anon().auth.refreshSession({ refresh_token: first });
    expect(retry.error).toBeNull();
    const sessionOf = (accessToken: string) => (jwt.decode(accessToken) as { session_id: string }).session_id;
    expect(sessionOf(retry.data.session!.access_token)).toBe(sessionOf(data.session!.access_token));
    expect((await anon().auth.refreshSession({ refresh_token: retry.data.session!.refresh_token })).error).toBeNull();
  });

  it('signs out: the session and its tokens stop working', async () => {
    const email = uniqueEmail('logout');
    const supabase = anon();
    await supabase.auth.signUp({ email, password });
    const { data } = await supabase.auth.signInWithPassword({ email, password });
    const { access_token, refresh_token } = data.session!;
    expect((await supabase.auth.signOut()).error).toBeNull();

    const stale = await anon().auth.getUser(access_token);
    // Our server answers 403 session_not_found; supabase-js turns that code into AuthSessionMissingError.
    expect(stale.error?.name).toBe('AuthSessionMissingError');
    expect(stale.data.user).toBeNull();
    const refresh = await anon().auth.refreshSession({ refresh_token });
    expect(refresh.error).not.toBeNull();
  });

  it.each([
    ['wrong password', async (email: string) => anon().auth.signInWithPassword({ email, password: 'mauvais-mdp' }), 400, 'invalid_credentials'],
    ['unknown user', async () => anon().auth.signInWithPassword({ email: uniqueEmail('ghost'), password }), 400, 'invalid_credentials'],
    ['existing e-mail', async (email: string) => anon().auth.signUp({ email, password }), 422, 'user_already_exists'],
    ['password under 6', async () => anon().auth.signUp({ email: uniqueEmail('weak'), password: '12345' }), 422, 'weak_password'],
    ['malformed e-mail', async () => anon().auth.signUp({ email: 'pas-un-email', password }), 400, 'validation_failed'],
  ])('%s gives the real error code', async (_label, call, status, code) => {
    const email = uniqueEmail('existing');
    expect((await anon().auth.signUp({ email, password })).error).toBeNull();
    const { error } = await call(email);
    expect(error?.code).toBe(code);
    expect(error?.status).toBe(status);
  });

  it('weak_password reaches supabase-js as AuthWeakPasswordError with its reasons', async () => {
    const { error } = await anon().auth.signUp({ email: uniqueEmail('weak'), password: 'abc' });
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses a password over 72 bytes (bcrypt would ignore the rest), counted in UTF-8 bytes, and creates nothing', async () => {
    const email = uniqueEmail('long');
    const tooLong = 'é'.repeat(37); // 37 characters, 74 bytes
    const { data, error } = await anon().auth.signUp({ email, password: tooLong });
    expect(error?.code).toBe('validation_failed');
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Password cannot be longer than 72 characters');
    expect(data.user).toBeNull();
    const stored = await withDb((db) => db.query('select 1 from auth.users where email = $1', [email]));
    expect(stored.rowCount).toBe(0);

    const longest = 'é'.repeat(36); // 72 bytes: still accepted, and only the exact password signs in
    expect((await anon().auth.signUp({ email, password: longest })).error).toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password: longest })).error).toBeNull();
  });

  it('answers CORS preflights and exposes the headers supabase-js reads', async () => {
    const res = await fetch(`${process.env.TEST_SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type,x-supabase-api-version' },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const post = await fetch(`${process.env.TEST_SUPABASE_URL}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('cors'), password }),
    });
    expect(post.headers.get('access-control-expose-headers')).toContain('x-supabase-api-version');
    expect(post.headers.get('access-control-expose-headers')).toContain('content-range');
  });
});

describe('auth: configured switches (signups off, confirmations on, tight rate limit, behind a trusted proxy)', () => {
  // A stack of its own: these settings are the auth server's environment; the run's stack keeps the deployed ones.
  // The tests play the trusted proxy (they connect from the loopback) and say who the client is in X-Forwarded-For.
  let strict: LaunchedStack;
  beforeAll(async () => {
    strict = await launchStack({
      dataDir: tempDataDir('strict'),
      env: {
        AUTH_ENABLE_SIGNUP: 'false',
        AUTH_ENABLE_CONFIRMATIONS: 'true',
        AUTH_MAX_FAILED_SIGNINS: '3',
        AUTH_TRUSTED_PROXIES: '127.0.0.1,::1',
        LOCAL_SUPABASE_SEED: 'false',
      },
    });
  });
  afterAll(async () => {
    await strict?.stop();
    if (strict) fs.rmSync(strict.dataDir, { recursive: true, force: true });
  });
  const strictClient = (address: string) => client(strict.anonKey, strict.url, { 'x-forwarded-for': address });

  it('refuses sign-ups with signup_disabled', async () => {
    const { error } = await strictClient('10.0.0.1').auth.signUp({ email: uniqueEmail('off'), password });
    expect(error?.code).toBe('signup_disabled');
    expect(error?.status).toBe(422);
  });

  it('refuses an unconfirmed e-mail with email_not_confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await withDb(
      (db) =>
        db.query(
          `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
           values (gen_random_uuid(), 'authenticated', 'authenticated', $1, extensions.crypt($2, extensions.gen_salt('bf', 10)), '{}', '{}')`,
          [email, password],
        ),
      strict.dbUrl,
    );
    const { error } = await strictClient('10.0.0.2').auth.signInWithPassword({ email, password });
    expect(error?.code).toBe('email_not_confirmed');
  });

  it('answers over_request_rate_limit (429) after repeated failed sign-ins from one address, and only to that address', async () => {
    const attacker = strictClient('10.0.0.3');
    for (let i = 0; i < 3; i += 1) {
      const { error } = await attacker.auth.signInWithPassword({ email: 'victime@test.tablee.fr', password: `essai-${i}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const blocked = await attacker.auth.signInWithPassword({ email: 'victime@test.tablee.fr', password: 'essai-4' });
    expect(blocked.error?.code).toBe('over_request_rate_limit');
    expect(blocked.error?.status).toBe(429);
    const other = await strictClient('10.0.0.4').auth.signInWithPassword({ email: 'victime@test.tablee.fr', password: 'x-x-x-x' });
    expect(other.error?.code).toBe('invalid_credentials');
  });

  it('counts failures against the address the trusted proxy saw, not a first hop the client wrote', async () => {
    // The client sends "X-Forwarded-For: <victim>"; the proxy appends the address it really saw.
    const forged = strictClient('10.0.1.1, 10.0.1.2');
    for (let i = 0; i < 3; i += 1) {
      const { error } = await forged.auth.signInWithPassword({ email: 'victime@test.tablee.fr', password: `essai-${i}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    expect((await strictClient('10.0.1.2').auth.signInWithPassword({ email: 'victime@test.tablee.fr', password: 'essai-4' })).error?.code).toBe('over_request_rate_limit');
    const victim = await strictClient('10.0.1.1').auth.signInWithPassword({ email: 'victime@test.tablee.fr', password: 'x-x-x-x' });
    expect(victim.error?.code).toBe('invalid_credentials');
  });
});
