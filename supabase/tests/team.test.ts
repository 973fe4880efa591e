/**
 * Issue 33's team: invitations (one address, one restaurant, seven days, once, stored hashed), joining
 * by the link, and the owner's team functions — each refused in French to whoever may not.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, client, newOwner, service, uniqueEmail, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must } from '../../local-supabase/test/fixtures';

type Owner = Awaited<ReturnType<typeof newOwner>>;

/** What the reservation service's sender does as it sends the e-mail: draws a token, records its hash. */
async function issueToken(invitationId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('hex');
  const issued = await must(service().rpc('issue_invitation_token', { p_invitation_id: invitationId, p_token_hash: hash }));
  expect(issued).toMatchObject({ restaurant_name: expect.any(String) });
  return token;
}

/** Signs up the invited address and returns its signed-in client. */
async function signUp(email: string): Promise<{ client: SupabaseClient; userId: string }> {
  const c = client();
  const { data, error } = await c.auth.signUp({ email, password: 'motdepasse-solide' });
  if (error || !data.user) throw error ?? new Error('no user');
  const signedIn = await c.auth.signInWithPassword({ email, password: 'motdepasse-solide' });
  if (signedIn.error) throw signedIn.error;
  return { client: c, userId: data.user.id };
}

async function restaurantOf(owner: Owner, name: string): Promise<string> {
  const { id } = await must(owner.client.from('restaurants').insert({ name }).select('id').single());
  return id as string;
}

async function invite(owner: Owner, restaurantId: string, email: string, role = 'manager') {
  return must(owner.client.rpc('invite_member', { p_restaurant_id: restaurantId, p_email: email, p_role: role })) as Promise<{ id: string }>;
}

const errorOf = async (call: PromiseLike<{ error: { message: string; code?: string } | null }>) => (await call).error;

describe('invitations', () => {
  let owner: Owner;
  let restaurantId: string;
  beforeAll(async () => {
    owner = await newOwner('team-owner');
    restaurantId = await restaurantOf(owner, 'Chez Équipe');
  });

  it('queues the e-mail in the outbox without any token, and stores only its sha256 once sent', async () => {
    const email = uniqueEmail('invitee');
    const invitation = await invite(owner, restaurantId, email.toUpperCase());
    const queued = await must(owner.client.from('notification_outbox').select('*').eq('invitation_id', invitation.id));
    expect(queued).toEqual([expect.objectContaining({ kind: 'team_invitation', channel: 'email', recipient: email, reservation_id: null })]);
    const token = await issueToken(invitation.id);
    const stored = await withDb(async (db) => (await db.query('select token_hash from public.restaurant_invitations where id = $1', [invitation.id])).rows[0]);
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    // Neither the outbox nor the invitations, as the owner reads them, hold the token or its hash.
    const everything = JSON.stringify([await must(owner.client.from('notification_outbox').select('*').eq('invitation_id', invitation.id))]);
    expect(everything).not.toContain(token);
    expect((await owner.client.from('restaurant_invitations').select('token_hash')).error).not.toBeNull();
    expect(await must(owner.client.from('restaurant_invitations').select('email, role').eq('id', invitation.id))).toEqual([{ email, role: 'manager' }]);
  });

  it('an invitation’s e-mail (the invitee’s address) is read by owners only; a manager reads the reservations’ messages', async () => {
    const boss = await newOwner('outbox-owner');
    const { restaurantId: id, reservation } = await completeRestaurant(boss.client, 'Chez Boîte');
    const manager = await signUp(uniqueEmail('outbox-manager'));
    await withDb((db) => db.query("insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, 'manager', $3)", [manager.userId, id, boss.userId]));
    const invitee = uniqueEmail('secret-invitee');
    const invitation = await invite(boss, id, invitee);
    const stranger = await newOwner('outbox-stranger');

    const kinds = async (c: SupabaseClient) => ((await c.from('notification_outbox').select('kind, recipient').eq('restaurant_id', id)).data ?? []).map((n) => n.kind as string).sort();
    expect(await kinds(boss.client)).toEqual(['customer_request_received', 'owner_new_request', 'owner_new_request', 'team_invitation']);
    expect(await kinds(manager.client)).toEqual(['customer_request_received', 'owner_new_request', 'owner_new_request']);
    for (const c of [manager.client, stranger.client, anon()]) {
      const read = await c.from('notification_outbox').select('*').eq('invitation_id', invitation.id);
      expect(read.data ?? []).toEqual([]);
      expect(JSON.stringify((await c.from('notification_outbox').select('*')).data ?? [])).not.toContain(invitee);
    }
    // The manager still sees a request's messages in its history.
    expect(await must(manager.client.from('notification_outbox').select('kind').eq('reservation_id', reservation.id).eq('kind', 'customer_request_received'))).toEqual([
      { kind: 'customer_request_received' },
    ]);
  });

  it('joins the invitee once, with the role; the link then says it was used', async () => {
    const email = uniqueEmail('manager');
    const invitation = await invite(owner, restaurantId, email);
    const token = await issueToken(invitation.id);
    expect(await must(anon().rpc('invitation_details', { p_token: token }))).toMatchObject({ restaurant_name: 'Chez Équipe', email, role: 'manager', state: 'pending' });
    const invitee = await signUp(email);
    expect(await must(invitee.client.rpc('accept_invitation', { p_token: token }))).toBe(restaurantId);
    expect(await must(invitee.client.from('restaurant_members').select('role, user_id').eq('restaurant_id', restaurantId).eq('user_id', invitee.userId))).toEqual([
      { role: 'manager', user_id: invitee.userId },
    ]);
    expect((await errorOf(invitee.client.rpc('accept_invitation', { p_token: token })))?.message).toBe('Ce lien d’invitation a déjà été utilisé'.replace('’', "'"));
    expect(await must(anon().rpc('invitation_details', { p_token: token }))).toMatchObject({ state: 'used' });
  });

  it('refuses a link used by another account, expired, cancelled, or unknown; nobody joins', async () => {
    const email = uniqueEmail('target');
    const stranger = await newOwner('stranger');
    const invitation = await invite(owner, restaurantId, email);
    const token = await issueToken(invitation.id);
    expect(await errorOf(stranger.client.rpc('accept_invitation', { p_token: token }))).toMatchObject({
      code: '42501',
      message: 'Cette invitation a été envoyée à une autre adresse e-mail que celle de votre compte',
    });
    expect((await errorOf(anon().rpc('accept_invitation', { p_token: token })))?.code).toBe('42501');
    expect((await errorOf(stranger.client.rpc('accept_invitation', { p_token: 'x'.repeat(43) })))?.message).toBe("Ce lien d'invitation n'est pas valide");

    await withDb((db) => db.query(`update public.restaurant_invitations set expires_at = now() - interval '1 second' where id = $1`, [invitation.id]));
    const target = await signUp(email);
    expect((await errorOf(target.client.rpc('accept_invitation', { p_token: token })))?.message).toBe("Ce lien d'invitation a expiré : demandez une nouvelle invitation");

    const again = await invite(owner, restaurantId, email);
    const second = await issueToken(again.id);
    await must(owner.client.rpc('cancel_invitation', { p_invitation_id: again.id }));
    expect((await errorOf(target.client.rpc('accept_invitation', { p_token: second })))?.message).toBe('Cette invitation a été annulée');
    // A link sent again replaces the older one.
    const third = await invite(owner, restaurantId, email);
    const oldLink = await issueToken(third.id);
    const newLink = await issueToken(third.id);
    expect((await errorOf(target.client.rpc('accept_invitation', { p_token: oldLink })))?.message).toBe("Ce lien d'invitation n'est pas valide");

    const members = await must(owner.client.from('restaurant_members').select('user_id').eq('restaurant_id', restaurantId));
    expect(members.map((m) => m.user_id)).not.toContain(stranger.userId);
    expect(members.map((m) => m.user_id)).not.toContain(target.userId);
    expect(await must(target.client.rpc('accept_invitation', { p_token: newLink }))).toBe(restaurantId);
  });

  it('joins only the invitation’s restaurant, never another one of the same owner', async () => {
    const other = await restaurantOf(owner, 'Autre maison');
    const email = uniqueEmail('one-restaurant');
    const token = await issueToken((await invite(owner, restaurantId, email)).id);
    const invitee = await signUp(email);
    expect(await must(invitee.client.rpc('accept_invitation', { p_token: token }))).toBe(restaurantId);
    expect(await must(invitee.client.from('restaurant_members').select('restaurant_id').eq('user_id', invitee.userId))).toEqual([{ restaurant_id: restaurantId }]);
    expect(await must(owner.client.from('restaurant_members').select('user_id').eq('restaurant_id', other))).toEqual([{ user_id: owner.userId }]);
  });

  it('refuses a bad address or role, a member, and a second pending invitation, in French', async () => {
    expect((await errorOf(owner.client.rpc('invite_member', { p_restaurant_id: restaurantId, p_email: 'pas une adresse', p_role: 'manager' })))?.message).toBe('Adresse e-mail invalide');
    expect((await errorOf(owner.client.rpc('invite_member', { p_restaurant_id: restaurantId, p_email: uniqueEmail('x'), p_role: 'admin' })))?.message).toBe(
      'Rôle inconnu : choisissez Propriétaire ou Gérant',
    );
    expect((await errorOf(owner.client.rpc('invite_member', { p_restaurant_id: restaurantId, p_email: owner.email, p_role: 'owner' })))?.message).toBe(
      "Cette adresse fait déjà partie de l'équipe",
    );
    const email = uniqueEmail('twice');
    await invite(owner, restaurantId, email);
    expect((await errorOf(owner.client.rpc('invite_member', { p_restaurant_id: restaurantId, p_email: email, p_role: 'owner' })))?.message).toBe(
      'Une invitation est déjà en attente pour cette adresse',
    );
  });
});

describe('the team functions', () => {
  it('lists the team with addresses, changes a role, removes a member; the last owner stays', async () => {
    const owner = await newOwner('team-lead');
    const restaurantId = await restaurantOf(owner, 'La Brigade');
    const email = uniqueEmail('second');
    const invitation = await invite(owner, restaurantId, email);
    const member = await signUp(email);
    await must(member.client.rpc('accept_invitation', { p_token: await issueToken(invitation.id) }));
    const pending = uniqueEmail('pending');
    await invite(owner, restaurantId, pending, 'owner');

    const team = (await must(owner.client.rpc('restaurant_team', { p_restaurant_id: restaurantId }))) as { members: unknown[]; invitations: unknown[] };
    expect(team.members).toEqual([
      expect.objectContaining({ user_id: owner.userId, email: owner.email, role: 'owner', added_by: owner.email }),
      expect.objectContaining({ user_id: member.userId, email, role: 'manager', added_by: owner.email }),
    ]);
    expect(team.invitations).toEqual([expect.objectContaining({ email: pending, role: 'owner', invited_by: owner.email, expired: false })]);

    // The manager reads the team's rows (RLS) but none of the team functions.
    for (const [fn, args] of [
      ['restaurant_team', { p_restaurant_id: restaurantId }],
      ['invite_member', { p_restaurant_id: restaurantId, p_email: uniqueEmail('by-manager'), p_role: 'owner' }],
      ['change_member_role', { p_restaurant_id: restaurantId, p_user_id: member.userId, p_role: 'owner' }],
      ['remove_member', { p_restaurant_id: restaurantId, p_user_id: owner.userId }],
    ] as const) {
      expect({ fn, error: await errorOf(member.client.rpc(fn, args)) }).toEqual({
        fn,
        error: expect.objectContaining({ code: '42501', message: 'Seul un propriétaire du restaurant peut gérer son équipe' }),
      });
    }

    // The last owner can be neither demoted nor removed.
    expect(await errorOf(owner.client.rpc('change_member_role', { p_restaurant_id: restaurantId, p_user_id: owner.userId, p_role: 'manager' }))).toMatchObject({
      code: '23514',
      message: 'Le restaurant doit garder au moins un propriétaire',
    });
    expect((await errorOf(owner.client.rpc('remove_member', { p_restaurant_id: restaurantId, p_user_id: owner.userId })))?.code).toBe('23514');

    await must(owner.client.rpc('change_member_role', { p_restaurant_id: restaurantId, p_user_id: member.userId, p_role: 'owner' }));
    await must(owner.client.rpc('change_member_role', { p_restaurant_id: restaurantId, p_user_id: member.userId, p_role: 'manager' }));
    await must(owner.client.rpc('remove_member', { p_restaurant_id: restaurantId, p_user_id: member.userId }));
    expect(await must(owner.client.from('restaurant_members').select('user_id').eq('restaurant_id', restaurantId))).toEqual([{ user_id: owner.userId }]);
    // Removed: the team is out of reach.
    expect(await must(member.client.from('restaurant_members').select('user_id').eq('restaurant_id', restaurantId))).toEqual([]);
  });

  it('lets a member leave by themselves', async () => {
    const owner = await newOwner('team-leave');
    const restaurantId = await restaurantOf(owner, 'Le Départ');
    const email = uniqueEmail('leaver');
    const invitation = await invite(owner, restaurantId, email);
    const member = await signUp(email);
    await must(member.client.rpc('accept_invitation', { p_token: await issueToken(invitation.id) }));
    await must(member.client.rpc('remove_member', { p_restaurant_id: restaurantId, p_user_id: member.userId }));
    expect(await must(owner.client.from('restaurant_members').select('user_id').eq('restaurant_id', restaurantId))).toEqual([{ user_id: owner.userId }]);
  });

  it('names the team and the deciders to the restaurant’s members only', async () => {
    const owner = await newOwner('people');
    const restaurantId = await restaurantOf(owner, 'Les Noms');
    const stranger = await newOwner('people-stranger');
    expect(await must(owner.client.rpc('restaurant_people', { p_restaurant_id: restaurantId }))).toEqual([{ user_id: owner.userId, email: owner.email }]);
    expect(await must(stranger.client.rpc('restaurant_people', { p_restaurant_id: restaurantId }))).toEqual([]);
    expect((await anon().rpc('restaurant_people', { p_restaurant_id: restaurantId })).data ?? []).toEqual([]);
  });
});
