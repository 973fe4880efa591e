/**
 * Sign-up with confirmations on (AUTH_ENABLE_CONFIRMATIONS, hosted Supabase's default), on a stack of its
 * own, through the unmodified supabase-js: the confirmation e-mail and its token_hash link (type=email),
 * /resend, and GoTrue's obfuscated answer for an address that already has an account.
 */
import fs from 'node:fs';
import path from 'node:path';
import { client, uniqueEmail } from '../clients';
import { launchStack, tempDataDir, type LaunchedStack } from '../launch';
import { linkIn, outboxMails, type OutboxMail } from '../mails';
import { until } from '../until';

const APP = 'http://localhost:3000';
const password = 'motdepasse-solide';
let stack: LaunchedStack;
let outbox: string;
beforeAll(async () => {
  outbox = path.join(tempDataDir('confirm-outbox'), 'outbox');
  stack = await launchStack({ dataDir: tempDataDir('confirm'), env: { AUTH_ENABLE_CONFIRMATIONS: 'true', LOCAL_SUPABASE_SEED: 'false', OUTBOX_DIR: outbox, AUTH_EMAIL_MIN_INTERVAL: '0' } });
});
afterAll(async () => {
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
});
const c = () => client(stack.anonKey, stack.url);
const mailsTo = (address: string) => outboxMails(outbox).filter((m) => m.to.includes(address));
const mailTo = async (address: string, count = 1): Promise<OutboxMail> =>
  (await until(
    () => mailsTo(address)[count - 1],
    (mail) => mail !== undefined,
    `${count} e-mail(s) pour ${address}`,
  ))!;
const tokenOf = (link: string) => new URL(link).searchParams.get('token_hash')!;

describe('sign-up with confirmations on', () => {
  it('sends a confirmation link (token_hash, type=email); until it is opened, sign-in answers email_not_confirmed', async () => {
    const email = uniqueEmail('confirm');
    const { data, error } = await c().auth.signUp({ email, password, options: { emailRedirectTo: `${APP}/confirm-signup` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.identities).toHaveLength(1);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Confirmez votre adresse e-mail Tablée');
    expect(mail.text).toContain('Ce lien est valable 1 heure et ne sert qu’une fois.');
    const link = linkIn(mail, `${APP}/confirm-signup?`);
    expect(new URL(link).searchParams.get('type')).toBe('email');

    expect((await c().auth.signInWithPassword({ email, password })).error?.code).toBe('email_not_confirmed');
    const browser = c();
    const verified = await browser.auth.verifyOtp({ token_hash: tokenOf(link), type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect(verified.data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((await c().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await c().auth.verifyOtp({ token_hash: tokenOf(link), type: 'email' })).error?.code).toBe('otp_expired');
  });

  it('answers a second sign-up with the same address as a first one (obfuscated user, no identities), and changes nothing', async () => {
    const email = uniqueEmail('twice');
    const first = await c().auth.signUp({ email, password });
    expect(first.error).toBeNull();
    await mailTo(email);
    const second = await c().auth.signUp({ email, password: 'un-autre-secret' });
    expect(second.error).toBeNull();
    expect(second.data.session).toBeNull();
    expect(second.data.user?.email).toBe(email);
    expect(second.data.user?.id).not.toBe(first.data.user?.id);
    // GoTrue's sign that the address is taken, readable only by the app: no identities.
    expect(second.data.user?.identities).toEqual([]);
    // The first link still confirms the first password.
    const verified = await c().auth.verifyOtp({ token_hash: tokenOf(linkIn(await mailTo(email), 'http')), type: 'email' });
    expect(verified.error).toBeNull();
    expect((await c().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('/resend sends a new link (the old one ends); an unknown or confirmed address is answered the same, and sent nothing', async () => {
    const email = uniqueEmail('resend');
    await c().auth.signUp({ email, password });
    const first = await mailTo(email);
    const resent = await c().auth.resend({ type: 'signup', email, options: { emailRedirectTo: `${APP}/confirm-signup` } });
    expect(resent.error).toBeNull();
    const second = await mailTo(email, 2);
    expect((await c().auth.verifyOtp({ token_hash: tokenOf(linkIn(first, 'http')), type: 'email' })).error?.code).toBe('otp_expired');
    expect((await c().auth.verifyOtp({ token_hash: tokenOf(linkIn(second, `${APP}/confirm-signup?`)), type: 'signup' })).error).toBeNull();

    const ghost = uniqueEmail('ghost');
    expect((await c().auth.resend({ type: 'signup', email: ghost })).error).toBeNull();
    expect((await c().auth.resend({ type: 'signup', email })).error).toBeNull();
    const known = uniqueEmail('after');
    await c().auth.signUp({ email: known, password });
    await mailTo(known);
    expect(mailsTo(ghost)).toHaveLength(0);
    expect(mailsTo(email)).toHaveLength(2);
  });
});
