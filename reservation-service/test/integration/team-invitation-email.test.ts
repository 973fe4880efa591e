import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { client, uniqueEmail, withDb } from '../../../local-supabase/test/clients';
import { createMailer } from '../../src/email/mailer';
import { sendDueNotifications } from '../../src/notifications/sender';
import { db, ownerWithRestaurant, parseMail, startService, type RunningService } from '../helpers';

/**
 * An owner's invitation leaves through the outbox like every message: one French e-mail with a link to
 * the app's /invitation/<token>, the token drawn as it is sent and stored only as its sha256, and
 * nothing of it in the outbox's rows.
 */
let service: RunningService;
beforeAll(async () => {
  service = await startService({ smtpUrl: undefined });
});
afterAll(async () => {
  await service.close();
  fs.rmSync(service.config.outboxDir, { recursive: true, force: true });
});

const rounds = async (restaurantId: string) => {
  const mailer = createMailer(service.config);
  try {
    while ((await sendDueNotifications(db(), mailer, service.config, service.app.log, restaurantId)).claimed > 0);
  } finally {
    mailer.close();
  }
};

test('the invitation e-mail: French, from Tablée, a link of the app valid seven days, once; the token stored hashed only', async () => {
  const owner = await ownerWithRestaurant('invitations');
  const email = uniqueEmail('gerant');
  const { data: invitation, error } = await owner.client.rpc('invite_member', { p_restaurant_id: owner.restaurantId, p_email: email, p_role: 'manager' });
  expect(error).toBeNull();
  await rounds(owner.restaurantId);

  const files = fs.readdirSync(service.config.outboxDir).filter((f) => f.includes(`invitation-${(invitation as { id: string }).id}`));
  expect(files).toHaveLength(1);
  const mail = parseMail(fs.readFileSync(path.join(service.config.outboxDir, files[0]), 'utf8'));
  expect(mail.to).toBe(email);
  expect(mail.subject).toBe('Invitation à rejoindre l’équipe de Restaurant invitations sur Tablée');
  expect(mail.text).toContain('vous invite à rejoindre l’équipe de Restaurant invitations sur Tablée, en tant que gérant.');
  expect(mail.text).toContain(`créez votre compte avec l’adresse ${email}`);
  const link = /https?:\/\/\S+\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link).not.toBeNull();
  expect(mail.html).toContain(link![0]);
  expect(mail.html).toContain('Rejoindre l’équipe');
  const token = link![1];
  expect(link![0].startsWith(service.config.appUrl.replace(/\/+$/, ''))).toBe(true);

  const stored = await withDb(
    async (pg) => (await pg.query('select token_hash, expires_at - now() as left from public.restaurant_invitations where id = $1', [(invitation as { id: string }).id])).rows[0],
  );
  expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  expect(stored.left.days).toBe(6);
  const outbox = await withDb(async (pg) => JSON.stringify((await pg.query('select * from public.notification_outbox where invitation_id = $1', [(invitation as { id: string }).id])).rows));
  expect(outbox).toContain('"status":"sent"');
  expect(outbox).not.toContain(token);

  // The link joins the invited address's account.
  const invitee = client();
  await invitee.auth.signUp({ email, password: 'motdepasse-solide' });
  await invitee.auth.signInWithPassword({ email, password: 'motdepasse-solide' });
  expect((await invitee.rpc('accept_invitation', { p_token: token })).data).toBe(owner.restaurantId);
});

test('an invitation cancelled before it went out is not sent', async () => {
  const owner = await ownerWithRestaurant('annulee');
  const { data: invitation } = await owner.client.rpc('invite_member', { p_restaurant_id: owner.restaurantId, p_email: uniqueEmail('annule'), p_role: 'owner' });
  await owner.client.rpc('cancel_invitation', { p_invitation_id: (invitation as { id: string }).id });
  await rounds(owner.restaurantId);
  expect(fs.readdirSync(service.config.outboxDir).filter((f) => f.includes((invitation as { id: string }).id))).toEqual([]);
});
