/**
 * Password recovery and account changes on Supabase Auth's wire contract, through the
 * unmodified supabase-js: /recover, /verify (token_hash links) and PUT /user; the e-mails read from
 * the run's outbox (OUTBOX_DIR of global-setup).
 */
import { createHash } from 'node:crypto';
import { until } from '../until';
import { client, newOwner, uniqueEmail, withDb } from '../clients';
import { linkIn, outboxMails, type OutboxMail } from '../mails';

const APP = 'http://localhost:3000';
const outbox = () => process.env.TEST_OUTBOX_DIR!;

const mailsTo = (address: string) => outboxMails(outbox()).filter((m) => m.to.includes(address));
const mailTo = async (address: string, count = 1): Promise<OutboxMail> =>
  (await until(
    () => mailsTo(address)[count - 1],
    (mail) => mail !== undefined,
    `${count} e-mail(s) pour ${address}`,
  ))!;
const tokenOf = (link: string) => new URL(link).searchParams.get('token_hash')!;

describe('password recovery', () => {
  it('sends a single-use link to the app page; verifying it signs in, and the new password replaces the old', async () => {
    const owner = await newOwner('recover');
    const { data, error } = await client().auth.resetPasswordForEmail(owner.email, { redirectTo: `${APP}/reset-password` });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Tablée');
    expect(mail.file).toContain('-compte-mot-de-passe-');
    expect(mail.text).toContain('Ce lien est valable 1 heure et ne sert qu’une fois.');
    const link = linkIn(mail, `${APP}/reset-password?`);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    const token = tokenOf(link);
    // Stored hashed: the table alone gives no usable link.
    const stored = await withDb(async (db) => (await db.query('select recovery_token from auth.users where id = $1', [owner.userId])).rows[0].recovery_token);
    expect(stored).toBe(createHash('sha256').update(token).digest('hex'));

    const browser = client();
    const verified = await browser.auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.id).toBe(owner.userId);
    const updated = await browser.auth.updateUser({ password: 'nouveau-secret' });
    expect(updated.error).toBeNull();

    expect((await client().auth.signInWithPassword({ email: owner.email, password: 'nouveau-secret' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error?.code).toBe('invalid_credentials');
    // Used once: the same link no longer works.
    const again = await client().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(again.error?.code).toBe('otp_expired');
    expect(again.error?.status).toBe(403);
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const unknown = await client().auth.resetPasswordForEmail(ghost, { redirectTo: `${APP}/reset-password` });
    expect(unknown).toEqual({ data: {}, error: null });
    // A known address asked afterwards: once its e-mail is there, the unknown one's would be too.
    const owner = await newOwner('known');
    await client().auth.resetPasswordForEmail(owner.email, { redirectTo: `${APP}/reset-password` });
    await mailTo(owner.email);
    expect(mailsTo(ghost)).toHaveLength(0);
  });

  it('refuses a wrong token and an expired link; a foreign redirect falls back to the site’s page', async () => {
    expect((await client().auth.verifyOtp({ token_hash: 'pas-un-jeton', type: 'recovery' })).error?.code).toBe('otp_expired');
    const owner = await newOwner('expired');
    await client().auth.resetPasswordForEmail(owner.email, { redirectTo: 'https://pirate.example/vol' });
    const link = linkIn(await mailTo(owner.email), 'http');
    expect(link.startsWith(`${APP}/reset-password?token_hash=`)).toBe(true);
    await withDb((db) => db.query("update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = $1", [owner.userId]));
    expect((await client().auth.verifyOtp({ token_hash: tokenOf(link), type: 'recovery' })).error?.code).toBe('otp_expired');
  });

  it('refuses a malformed address with validation_failed', async () => {
    expect((await client().auth.resetPasswordForEmail('pas-une-adresse')).error?.code).toBe('validation_failed');
  });
});

describe('PUT /user', () => {
  it('changes the password (with the current one) by the sign-up rule, refuses the same one, and ends the other sessions', async () => {
    const owner = await newOwner('pwd');
    const other = client();
    expect((await other.auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();

    const current_password = owner.password;
    const short = await owner.client.auth.updateUser({ password: '12345', current_password });
    expect(short.error?.code).toBe('weak_password');
    expect(short.error?.status).toBe(422);
    const long = await owner.client.auth.updateUser({ password: 'é'.repeat(37), current_password });
    expect(long.error?.code).toBe('validation_failed');
    expect((await owner.client.auth.updateUser({ password: owner.password, current_password })).error?.code).toBe('same_password');
    // Nothing changed by the refusals.
    expect((await client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();

    expect((await owner.client.auth.updateUser({ password: 'autre-secret', current_password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: owner.email, password: 'autre-secret' })).error).toBeNull();
    // The session that made the change stays; the other one is over.
    expect((await owner.client.auth.getUser()).error).toBeNull();
    // supabase-js reads the server's session_not_found as a missing session.
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('secure e-mail change: a link to the new address and one to the current, the change made once both are opened', async () => {
    const owner = await newOwner('mail');
    const next = uniqueEmail('nouvelle');
    const asked = await owner.client.auth.updateUser({ email: next.toUpperCase() }, { emailRedirectTo: `${APP}/confirm-email` });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(owner.email);
    expect(asked.data.user?.new_email).toBe(next);
    const toNew = await mailTo(next);
    expect(toNew.subject).toBe('Confirmez votre nouvelle adresse e-mail Tablée');
    expect(toNew.text).toContain(`votre compte garde son adresse actuelle (${owner.email})`);
    // The current address is told, in French, and must agree too.
    const toCurrent = await mailTo(owner.email);
    expect(toCurrent.subject).toBe('Changement d’adresse e-mail de votre compte Tablée');
    expect(toCurrent.text).toContain(`remplacer l’adresse de votre compte Tablée par ${next}`);
    expect(toCurrent.text).toContain('changez votre mot de passe');
    const newLink = linkIn(toNew, `${APP}/confirm-email?`);
    const currentLink = linkIn(toCurrent, `${APP}/confirm-email?`);
    expect(new URL(newLink).searchParams.get('type')).toBe('email_change');
    expect(new URL(currentLink).searchParams.get('type')).toBe('email_change');
    expect(tokenOf(newLink)).not.toBe(tokenOf(currentLink));

    // One link opened: accepted, no session, nothing changed yet (GoTrue's answer).
    const half = await client().auth.verifyOtp({ token_hash: tokenOf(newLink), type: 'email_change' });
    expect(half.error).toBeNull();
    expect(half.data.session).toBeNull();
    expect(half.data.user).toBeNull();
    expect((await client().auth.signInWithPassword({ email: next, password: owner.password })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();
    // The same link again is spent.
    expect((await client().auth.verifyOtp({ token_hash: tokenOf(newLink), type: 'email_change' })).error?.code).toBe('otp_expired');

    const opened = await client().auth.verifyOtp({ token_hash: tokenOf(currentLink), type: 'email_change' });
    expect(opened.error).toBeNull();
    expect(opened.data.user?.email).toBe(next);
    expect((await client().auth.signInWithPassword({ email: next, password: owner.password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.verifyOtp({ token_hash: tokenOf(currentLink), type: 'email_change' })).error?.code).toBe('otp_expired');
  });

  it('refuses a malformed address, changing nothing (a taken one: auth-hardening.test.ts)', async () => {
    const owner = await newOwner('taken');
    expect((await owner.client.auth.updateUser({ email: 'pas-une-adresse' })).error?.code).toBe('validation_failed');
    const row = await withDb(async (db) => (await db.query('select email, email_change from auth.users where id = $1', [owner.userId])).rows[0]);
    expect(row).toEqual({ email: owner.email, email_change: '' });
  });

  it('needs a session', async () => {
    const { error } = await client().auth.updateUser({ password: 'sans-session' });
    expect(error?.name).toBe('AuthSessionMissingError');
  });
});
