/**
 * Auth answers as GoTrue does where an intruder or a clumsy client pushes it (issue 32): bcrypt's 72 bytes
 * at sign-in, malformed input answered 400 in French, recovery links ended by a password change, no
 * address oracle in PUT /user, the current password asked for a change, and small contract gaps.
 */
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

describe('sign-in and bcrypt’s 72 bytes', () => {
  it('refuses a password over 72 UTF-8 bytes at sign-in (bcrypt would read only its first 72)', async () => {
    const email = uniqueEmail('long');
    const password = 'a'.repeat(72);
    expect((await client().auth.signUp({ email, password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
    const longer = await client().auth.signInWithPassword({ email, password: `${password}n’importe quoi` });
    expect(longer.error?.code).toBe('validation_failed');
    expect(longer.error?.status).toBe(400);
    expect(longer.data.session).toBeNull();
  });
});

describe('malformed input: 400 validation_failed with a French message, never 500', () => {
  const nul = 'a\u0000b';
  const longEmail = `${'x'.repeat(5000)}@test.tablee.fr`;
  const expectRefused = (result: { error: { status?: number; code?: string; message: string } | null }, message: RegExp) => {
    expect(result.error?.status).toBe(400);
    expect(result.error?.code).toBe('validation_failed');
    expect(result.error?.message).toMatch(message);
  };
  const BAD_EMAIL = /^L’adresse e-mail contient un caractère non autorisé\.$/;
  const BAD_PASSWORD = /^Le mot de passe contient un caractère non autorisé\.$/;
  const TOO_LONG = /^L’adresse e-mail est trop longue \(255 caractères au plus\)\.$/;

  it('sign-up', async () => {
    expectRefused(await client().auth.signUp({ email: `${nul}@test.tablee.fr`, password: 'motdepasse-solide' }), BAD_EMAIL);
    expectRefused(await client().auth.signUp({ email: uniqueEmail('nul'), password: `motdepasse${nul}` }), BAD_PASSWORD);
    expectRefused(await client().auth.signUp({ email: longEmail, password: 'motdepasse-solide' }), TOO_LONG);
  });

  it('sign-in', async () => {
    const owner = await newOwner('nul-in');
    expectRefused(await client().auth.signInWithPassword({ email: `${owner.email}${nul}`, password: owner.password }), BAD_EMAIL);
    expectRefused(await client().auth.signInWithPassword({ email: owner.email, password: `${owner.password}${nul}` }), BAD_PASSWORD);
    expectRefused(await client().auth.signInWithPassword({ email: longEmail, password: owner.password }), TOO_LONG);
  });

  it('/recover', async () => {
    expectRefused(await client().auth.resetPasswordForEmail(`${nul}@test.tablee.fr`), BAD_EMAIL);
    expectRefused(await client().auth.resetPasswordForEmail(longEmail), TOO_LONG);
  });

  it('PUT /user', async () => {
    const owner = await newOwner('nul-put');
    expectRefused(await owner.client.auth.updateUser({ email: `${nul}@test.tablee.fr` }), BAD_EMAIL);
    expectRefused(await owner.client.auth.updateUser({ email: longEmail }), TOO_LONG);
    expectRefused(await owner.client.auth.updateUser({ password: `nouveau${nul}`, current_password: owner.password }), BAD_PASSWORD);
    expectRefused(await owner.client.auth.updateUser({ data: { nom: nul } }), /^Les données du profil contiennent un caractère non autorisé\.$/);
    // Nothing changed.
    expect((await client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();
  });
});

describe('the current password is asked for a password change (GoTrue’s current_password)', () => {
  it('refuses a change without it or with a wrong one, accepts it with the right one', async () => {
    const owner = await newOwner('current');
    const without = await owner.client.auth.updateUser({ password: 'vole-le-compte' });
    expect(without.error?.status).toBe(400);
    expect(without.error?.code).toBe('current_password_required');
    const wrong = await owner.client.auth.updateUser({ password: 'vole-le-compte', current_password: 'pas-le-bon' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('current_password_mismatch');
    expect((await client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();
    expect((await owner.client.auth.updateUser({ password: 'nouveau-secret', current_password: owner.password })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: owner.email, password: 'nouveau-secret' })).error).toBeNull();
  });

  it('tells the owner by e-mail that their password was changed (GoTrue’s password-changed notice), with the way back if it was not them', async () => {
    const owner = await newOwner('notice');
    expect((await owner.client.auth.updateUser({ password: 'change-prevenu', current_password: owner.password })).error).toBeNull();
    const notice = await mailTo(owner.email);
    expect(notice.subject).toBe('Votre mot de passe Tablée a été modifié');
    expect(notice.text).toContain('Le mot de passe de votre compte Tablée vient d’être modifié.');
    expect(notice.text).toContain('Si vous n’êtes pas à l’origine de ce changement');
    expect(linkIn(notice, `${APP}/forgot-password`)).toBe(`${APP}/forgot-password`);
    // A refused change tells nothing.
    const other = await newOwner('notice-refused');
    expect((await other.client.auth.updateUser({ password: 'vole-le-compte', current_password: 'pas-le-bon' })).error?.code).toBe('current_password_mismatch');
    expect(mailsTo(other.email)).toEqual([]);
  });

  it('a session opened by a recovery link sets the new password without the forgotten one', async () => {
    const owner = await newOwner('forgot');
    await client().auth.resetPasswordForEmail(owner.email, { redirectTo: `${APP}/reset-password` });
    const link = linkIn(await mailTo(owner.email), `${APP}/reset-password?`);
    const browser = client();
    expect((await browser.auth.verifyOtp({ token_hash: tokenOf(link), type: 'recovery' })).error).toBeNull();
    expect((await browser.auth.updateUser({ password: 'retrouve-secret' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: owner.email, password: 'retrouve-secret' })).error).toBeNull();
  });
});

describe('recovery links end when the password changes', () => {
  it('a password changed from the account page ends the outstanding recovery link', async () => {
    const owner = await newOwner('ended');
    await client().auth.resetPasswordForEmail(owner.email, { redirectTo: `${APP}/reset-password` });
    const link = linkIn(await mailTo(owner.email), `${APP}/reset-password?`);
    expect((await owner.client.auth.updateUser({ password: 'change-ailleurs', current_password: owner.password })).error).toBeNull();
    const late = await client().auth.verifyOtp({ token_hash: tokenOf(link), type: 'recovery' });
    expect(late.error?.code).toBe('otp_expired');
  });

  it('answers /recover at once even while the account’s row is busy: the link is made after the answer', async () => {
    const owner = await newOwner('busy');
    await withDb(async (db) => {
      await db.query('begin');
      await db.query('select 1 from auth.users where id = $1 for update', [owner.userId]);
      // The answer does not wait for the account: an unknown address is answered by the same work.
      expect(await client().auth.resetPasswordForEmail(owner.email, { redirectTo: `${APP}/reset-password` })).toEqual({ data: {}, error: null });
      await db.query('commit');
    });
    expect((await mailTo(owner.email)).subject).toBe('Réinitialisation de votre mot de passe Tablée');
  });
});

describe('PUT /user {email} tells nothing about other accounts', () => {
  it('answers an address already taken as a free one; the taken one never completes and is sent nothing', async () => {
    const owner = await newOwner('oracle');
    const other = await newOwner('taken');
    const free = uniqueEmail('libre');
    const third = await newOwner('third');
    const takenAnswer = await owner.client.auth.updateUser({ email: other.email }, { emailRedirectTo: `${APP}/confirm-email` });
    const freeAnswer = await third.client.auth.updateUser({ email: free }, { emailRedirectTo: `${APP}/confirm-email` });
    expect(takenAnswer.error).toBeNull();
    expect(freeAnswer.error).toBeNull();
    expect(takenAnswer.data.user?.new_email).toBe(other.email);
    expect(freeAnswer.data.user?.new_email).toBe(free);
    await mailTo(free);
    expect(mailsTo(other.email)).toHaveLength(0);
    const row = await withDb(async (db) => (await db.query('select email from auth.users where id = $1', [owner.userId])).rows[0]);
    expect(row.email).toBe(owner.email);
  });
});

describe('contract gaps', () => {
  it('an auto-confirmed sign-up has last_sign_in_at and its e-mail identity', async () => {
    const email = uniqueEmail('gaps');
    const { data, error } = await client().auth.signUp({ email, password: 'motdepasse-solide' });
    expect(error).toBeNull();
    expect(data.user?.last_sign_in_at).toEqual(expect.any(String));
    expect(data.user?.identities).toHaveLength(1);
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', user_id: data.user?.id, identity_data: { email, sub: data.user?.id } });
    const signedIn = await client().auth.signInWithPassword({ email, password: 'motdepasse-solide' });
    expect(signedIn.data.user?.identities).toHaveLength(1);
  });

  it('POST /logout with an unknown scope is 400 validation_failed and signs nothing out', async () => {
    const owner = await newOwner('scope');
    const other = client();
    expect((await other.auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();
    const session = (await owner.client.auth.getSession()).data.session!;
    const res = await fetch(`${process.env.TEST_SUPABASE_URL}/auth/v1/logout?scope=bogus`, {
      method: 'POST',
      headers: { apikey: process.env.TEST_SUPABASE_ANON_KEY!, authorization: `Bearer ${session.access_token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    expect((await owner.client.auth.getUser()).error).toBeNull();
    expect((await other.auth.getUser()).error).toBeNull();
  });
});

describe('bodies of the wrong shape', () => {
  const post = (path: string, body: unknown, token?: string, method = 'POST') =>
    fetch(`${process.env.TEST_SUPABASE_URL}/auth/v1${path}`, {
      method,
      headers: { apikey: process.env.TEST_SUPABASE_ANON_KEY!, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  it('refuses a field that is not a string (GoTrue cannot read such a body) with 400 validation_failed, changing nothing', async () => {
    const owner = await newOwner('shape');
    const token = (await owner.client.auth.getSession()).data.session!.access_token;
    const answers = [
      await post('/signup', { email: uniqueEmail('shape'), password: 12345678 }),
      await post('/token?grant_type=password', { email: owner.email, password: ['x'] }),
      await post('/recover', { email: { $ne: null } }),
      await post('/user', { password: 12345678, current_password: owner.password }, token, 'PUT'),
      await post('/user', { email: 42 }, token, 'PUT'),
      await post('/verify', { token_hash: 1, type: 'recovery' }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/^Le champ « \w+ » doit être du texte\.$/) });
    }
    expect((await client().auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();
  });

  it('refuses metadata that is not an object, and a body that is not an object, instead of dropping them silently', async () => {
    const owner = await newOwner('shape-data');
    const token = (await owner.client.auth.getSession()).data.session!.access_token;
    const email = uniqueEmail('shape-data');
    const answers = [
      [await post('/signup', { email, password: 'motdepasse-solide', data: 'prénom' }), 'Le champ « data » doit être un objet.'],
      [await post('/user', { data: ['x'] }, token, 'PUT'), 'Le champ « data » doit être un objet.'],
      [await post('/user', { nonce: 123456 }, token, 'PUT'), 'Le champ « nonce » doit être du texte.'],
      [await post('/recover', ['x@exemple.fr']), 'Le corps de la requête doit être un objet JSON.'],
      [await post('/token', { email: owner.email, password: owner.password }), 'Le paramètre « grant_type » est obligatoire.'],
      [await post('/token?grant_type=magic', {}), 'Le paramètre « grant_type » doit valoir : password, refresh_token.'],
    ] as const;
    for (const [res, message] of answers) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', message });
    }
    // Nothing was created for the refused sign-up.
    expect((await client().auth.signInWithPassword({ email, password: 'motdepasse-solide' })).error?.code).toBe('invalid_credentials');
  });
});
