import { createHash, randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { completeRestaurant, must, restaurantSnapshot, sample } from '../../local-supabase/test/fixtures';

/**
 * The attack matrix: anonymous and a second owner try every operation on every table and view,
 * and every function, against the victim's rows. Each must be refused (an error, or no row touched),
 * and the victim's data must be byte-for-byte what it was.
 */

type Victim = Awaited<ReturnType<typeof completeRestaurant>> & {
  menuId: string;
  faqIds: string[];
  userId: string;
  keyId: string;
  closureDate: string;
  /** A pending invitation into the victim's team, and its link's token. */
  invitationId: string;
  invitationToken: string;
  /** The victim's WhatsApp Business number (Meta's phone_number_id). */
  whatsappNumber: string;
  /** The victim's customer in its guest book (the reservation's). */
  customerId: string;
};

/** For each table: how to pick the victim's rows, and a plausible row to insert or patch with. */
function tableTargets(v: Victim): { table: string; column: string; value: string; insert: Record<string, unknown>; patch: Record<string, unknown> }[] {
  const r = v.restaurantId;
  return [
    { table: 'restaurants', column: 'id', value: r, insert: { name: 'Intrus', user_id: v.userId }, patch: { name: 'Piraté' } },
    { table: 'restaurant_amenities', column: 'restaurant_id', value: r, insert: { restaurant_id: r, wifi: false }, patch: { wifi: false } },
    { table: 'restaurant_contacts', column: 'restaurant_id', value: r, insert: { restaurant_id: r, email: 'pirate@exemple.fr' }, patch: { email: 'pirate@exemple.fr' } },
    { table: 'restaurant_billing', column: 'restaurant_id', value: r, insert: { restaurant_id: r, iban: 'FR00' }, patch: { iban: 'FR7600000000000000000000000' } },
    {
      table: 'restaurant_photos',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, url: 'http://x/y.png', filename: `${r}/9-x.png`, original_filename: 'x.png', file_size: 1, mime_type: 'image/png', display_order: 9 },
      patch: { alt_text: 'piraté' },
    },
    { table: 'restaurant_hours', column: 'restaurant_id', value: r, insert: { restaurant_id: r, day: 'sunday' }, patch: { lunch_is_open: false } },
    {
      table: 'restaurant_arrival_times',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, day: 'monday', service: 'lunch', arrival_time: '13:00' },
      patch: { arrival_time: '13:15' },
    },
    { table: 'restaurant_menus', column: 'restaurant_id', value: r, insert: { restaurant_id: r, name: 'Menu pirate' }, patch: { price_per_person: 1 } },
    { table: 'menu_items', column: 'menu_id', value: v.menuId, insert: { menu_id: v.menuId, name: 'Pirate', type: 'main' }, patch: { name: 'Piraté' } },
    { table: 'menu_item_alternatives', column: 'menu_id', value: v.menuId, insert: { menu_id: v.menuId, name: 'Pirate', type: 'main' }, patch: { name: 'Piraté' } },
    { table: 'restaurant_options', column: 'restaurant_id', value: r, insert: { restaurant_id: r, title: 'Pirate', price: 1 }, patch: { price: 0 } },
    { table: 'restaurant_faqs', column: 'restaurant_id', value: r, insert: { restaurant_id: r, question: 'Pirate ?', answer: 'Oui.', display_order: 9 }, patch: { answer: 'Piraté.' } },
    { table: 'restaurant_closures', column: 'restaurant_id', value: r, insert: { restaurant_id: r, closure_date: '2030-01-07', service: 'lunch' }, patch: { reason: 'Piraté' } },
    {
      table: 'restaurant_cgv',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, cancellation_policy: 'same_day', modification_policy: 'same_day' },
      patch: { link: 'http://pirate' },
    },
    {
      table: 'restaurant_reservations',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, numero_reservation_restaurateur: 'R-9', numero_reservation: 'PIRATE-1', code_reservation: 'X', number_people: 1 },
      patch: { status: 1 },
    },
    {
      table: 'reservation_events',
      column: 'restaurant_id',
      value: r,
      insert: { reservation_id: v.reservation.id, restaurant_id: r, from_status: 0, to_status: 1, actor: 'owner' },
      patch: { reason: 'autre' },
    },
    {
      table: 'notification_outbox',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, reservation_id: v.reservation.id, kind: 'owner_new_request', channel: 'email', recipient: 'pirate@exemple.fr' },
      patch: { recipient: 'pirate@exemple.fr', status: 'pending' },
    },
    {
      table: 'restaurant_assistant_keys',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, prefix: 'tbl_pirate', key_hash: 'a'.repeat(64) },
      patch: { revoked_at: null, key_hash: 'a'.repeat(64) },
    },
    // Joining someone's team, or changing a role, goes through the team functions only.
    { table: 'restaurant_members', column: 'restaurant_id', value: r, insert: { restaurant_id: r, user_id: v.userId, role: 'manager' }, patch: { role: 'manager' } },
    {
      table: 'restaurant_invitations',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, email: 'pirate@exemple.fr', role: 'owner' },
      patch: { email: 'pirate@exemple.fr', cancelled_at: null, expires_at: '2099-01-01T00:00:00Z' },
    },
    { table: 'restaurant_request_pages', column: 'restaurant_id', value: r, insert: { restaurant_id: r, enabled: true }, patch: { enabled: true } },
    // Whose WhatsApp messages the victim's assistant answers: set through set_whatsapp_number only.
    { table: 'restaurant_whatsapp_numbers', column: 'restaurant_id', value: r, insert: { restaurant_id: r, phone_number_id: '1' }, patch: { phone_number_id: '1' } },
    { table: 'conversations', column: 'restaurant_id', value: r, insert: { restaurant_id: r }, patch: { updated_at: '2000-01-01T00:00:00Z' } },
    { table: 'messages', column: 'conversation_id', value: v.conversationId, insert: { conversation_id: v.conversationId, role: 'user', content: 'pirate' }, patch: { content: 'piraté' } },
    // The customers' reminders: set through save_reminder_settings only (owners).
    {
      table: 'restaurant_reminder_settings',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, headcount_enabled: false },
      patch: { headcount_enabled: false },
    },
    // Payments online (issue 45): the Stripe account (owners read it; the service and stripe_disconnect write it), the
    // sessions (the service's only), the payments and refunds and the card imprint (members read; the service writes).
    {
      table: 'restaurant_stripe_accounts',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, account_id: 'acct_Pirate' },
      patch: { account_id: 'acct_Pirate' },
    },
    {
      table: 'reservation_checkouts',
      column: 'restaurant_id',
      value: r,
      insert: {
        reservation_id: v.reservation.id,
        restaurant_id: r,
        account_id: 'acct_Pirate',
        purpose: 'advance',
        amount_cents: 1,
        session_id: 'cs_pirate',
        url: 'https://pirate',
        expires_at: '2099-01-01T00:00:00Z',
      },
      patch: { url: 'https://pirate' },
    },
    {
      table: 'reservation_payments',
      column: 'restaurant_id',
      value: r,
      insert: { reservation_id: v.reservation.id, restaurant_id: r, account_id: 'acct_Pirate', kind: 'refund', amount_cents: 1, status: 'pending', payment_intent: 'pi_pirate' },
      patch: { status: 'pending', amount_cents: 999999 },
    },
    {
      table: 'reservation_card_imprints',
      column: 'restaurant_id',
      value: r,
      insert: { reservation_id: v.reservation.id, restaurant_id: r, account_id: 'acct_Pirate', customer_id: 'cus_pirate', payment_method_id: 'pm_pirate', setup_intent: 'seti_pirate' },
      patch: { payment_method_id: 'pm_pirate' },
    },
    // Each guest's choices: written by the customer's page only (customer_update_reservation), read by members.
    {
      table: 'reservation_guests',
      column: 'reservation_id',
      value: v.reservation.id,
      insert: { reservation_id: v.reservation.id, restaurant_id: r, guest_number: 2, name: 'Intrus' },
      patch: { name: 'Piraté' },
    },
    // The guest book (issue 47): members read it, its functions write it; the privacy audit: owners read it, nobody writes it.
    {
      table: 'restaurant_customers',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, display_name: 'Intrus', email: 'pirate@exemple.fr' },
      patch: { notes: 'piraté', email: 'pirate@exemple.fr' },
    },
    {
      table: 'restaurant_privacy_audit',
      column: 'restaurant_id',
      value: r,
      insert: { restaurant_id: r, action: 'erase', customer_id: v.customerId },
      patch: { action: 'export' },
    },
  ];
}

const VIEWS = ['conversation_summaries', 'reservation_status_counts', 'restaurant_completeness'];

/** Functions that take no one's ids and only ever create the caller's own rows: refused to anonymous, harmless to owners. */
const OWN_ROWS_FUNCTIONS = ['start_restaurant_onboarding'];

/** Functions that take no one's ids and only read the caller's own restaurants: refused to anonymous, never a word of the victim's. */
const OWN_READ_FUNCTIONS = ['dashboard_statistics'];

/** Functions called with the victim's ids. */
function rpcTargets(v: Victim, attackerId: string): [string, Record<string, unknown>][] {
  const r = v.restaurantId;
  return [
    ['save_restaurant_information', { p_restaurant_id: r, p_information: sample.information('Piraté') }],
    ['save_restaurant_hours', { p_restaurant_id: r, p_hours: { daysOpen: [], hasDifferentSettings: false, days: [] } }],
    ['save_restaurant_menus', { p_restaurant_id: r, p_menus: [] }],
    ['save_restaurant_options', { p_restaurant_id: r, p_options: [] }],
    ['save_restaurant_cgv', { p_restaurant_id: r, p_cgv: { cancellationPolicy: 'same_day', modificationPolicy: 'same_day', link: 'https://pirate.example' } }],
    ['create_restaurant_faq', { p_restaurant_id: r, p_question: 'Pirate ?', p_answer: 'Oui.' }],
    ['reorder_faqs', { p_restaurant_id: r, p_faq_ids: [...v.faqIds].reverse() }],
    ['save_restaurant_photos', { p_restaurant_id: r, p_photos: [{ id: v.photoId, altText: 'piraté' }] }],
    ['delete_restaurant_photo', { photo_id: v.photoId, user_id: attackerId }],
    ['delete_restaurant_photo', { photo_id: v.photoId, user_id: v.userId }],
    ['transition_reservation', { p_numero_reservation: v.reservation.numero_reservation, p_code_manage: v.reservation.code_manage, p_target_status: 1 }],
    // The owner's endpoints' function (the reservation service's only): a no-show, a cancellation refunding the acompte.
    ['transition_reservation_by_id', { p_reservation_id: v.reservation.id, p_target_status: 5 }],
    ['transition_reservation_by_id', { p_reservation_id: v.reservation.id, p_target_status: 4, p_reason: 'autre', p_reason_detail: 'x', p_deposit: 'refunded', p_amount_cents: 100 }],
    ['accept_reservation_by_link', { p_numero_reservation: v.reservation.numero_reservation, p_code_manage: v.reservation.code_manage }],
    // Undoing a link's decision: the reservation service's only, even with the right code.
    ['undo_link_decision', { p_numero_reservation: v.reservation.numero_reservation, p_code_manage: v.reservation.code_manage }],
    ['search_reservations', { p_restaurant_id: r, p_search: '' }],
    ['reservation_planning', { p_restaurant_id: r, p_from: '2026-11-23', p_to: '2026-11-29' }],
    ['reservation_acceptance_check', { p_restaurant_id: r, p_numero: 'R-0001' }],
    ['export_reservations_csv', { p_restaurant_id: r }],
    // Statistiques (issue 46): members of the restaurant only.
    ['restaurant_statistics', { p_restaurant_id: r, p_from: '2026-11-01', p_to: '2026-11-30' }],
    ['export_statistics_csv', { p_restaurant_id: r, p_from: '2026-11-01', p_to: '2026-11-30' }],
    ['assistant_knowledge', { p_restaurant_id: r }],
    ['create_assistant_key', { p_restaurant_id: r }],
    ['revoke_assistant_key', { p_key_id: v.keyId }],
    ['close_services', { p_restaurant_id: r, p_date: v.closureDate, p_services: ['lunch', 'dinner'], p_reason: 'Piraté' }],
    [
      'submit_owner_reservation',
      { p_restaurant_id: r, p_request: { external_id: 'pirate', date: '2099-01-04', arrival_time: '19:30', adults: 10, customer: { name: 'Pirate', phone: '0600000000' } }, p_notes: 'piraté' },
    ],
    ['modify_reservation', { p_reservation_id: v.reservation.id, p_changes: { notes: 'piraté' } }],
    ['set_request_page', { p_restaurant_id: r, p_enabled: true }],
    // The team (issue 33): owners of the restaurant only.
    ['invite_member', { p_restaurant_id: r, p_email: 'pirate@exemple.fr', p_role: 'owner' }],
    ['cancel_invitation', { p_invitation_id: v.invitationId }],
    ['change_member_role', { p_restaurant_id: r, p_user_id: v.userId, p_role: 'manager' }],
    ['remove_member', { p_restaurant_id: r, p_user_id: v.userId }],
    ['restaurant_team', { p_restaurant_id: r }],
    ['restaurant_people', { p_restaurant_id: r }],
    // The victim's link, in the hands of an account it was not sent to: refused, nobody joins.
    ['accept_invitation', { p_token: v.invitationToken }],
    // Open to anonymous callers (the invitation page before sign-in), but answers nothing without a valid token.
    ['invitation_details', { p_token: 'x'.repeat(43) }],
    // Open to anonymous callers (the public request page), but answers nothing for a restaurant whose page is off.
    ['request_form', { p_restaurant_id: r }],
    // Answering a customer and taking a conversation over (issue 43): members of its restaurant only.
    ['reply_to_conversation', { p_conversation_id: v.conversationId, p_text: 'Le restaurant, prétendument' }],
    ['set_conversation_answerer', { p_conversation_id: v.conversationId, p_answered_by: 'staff' }],
    // WhatsApp: setting the number its customers write to (owners of the restaurant only), and finding a
    // restaurant by it (the assistant service's only).
    ['set_whatsapp_number', { p_restaurant_id: r, p_phone_number_id: '1' }],
    ['set_whatsapp_number', { p_restaurant_id: r, p_phone_number_id: null }],
    ['whatsapp_restaurant', { p_phone_number_id: v.whatsappNumber }],
    // The customer's page (issue 44): open to anonymous callers, but only with the reservation's own token, which no attacker holds.
    ['customer_reservation', { p_token: 'f'.repeat(48) }],
    ['customer_update_reservation', { p_token: 'f'.repeat(48), p_changes: { adults: 20 } }],
    ['customer_cancel_reservation', { p_token: 'f'.repeat(48), p_reason: 'pirate' }],
    ['customer_write_to_restaurant', { p_token: 'f'.repeat(48), p_text: 'pirate' }],
    // The customers' reminders: owners of the restaurant only.
    ['save_reminder_settings', { p_restaurant_id: r, p_settings: { headcount_enabled: false } }],
    // Drawing a page's token: the reservation service's only.
    ['customer_page_tokens', { p_reservation_ids: [v.reservation.id] }],
    // Payments online (issue 45): connecting and disconnecting the Stripe account, owners of the restaurant only; the rest
    // the reservation service's only (the session to make, what it made, Stripe's events, the refunds to make).
    ['stripe_connect_begin', { p_restaurant_id: r }],
    ['stripe_disconnect', { p_restaurant_id: r }],
    ['stripe_connect_take', { p_state: 'f'.repeat(48) }],
    ['stripe_connect_save', { p_restaurant_id: r, p_user_id: attackerId, p_account_id: 'acct_Pirate', p_account_name: 'Pirate' }],
    ['customer_checkout', { p_token: 'f'.repeat(48) }],
    [
      'checkout_session_saved',
      {
        p_reservation_id: v.reservation.id,
        p_account_id: 'acct_Pirate',
        p_purpose: 'advance',
        p_amount_cents: 1,
        p_session_id: 'cs_pirate',
        p_url: 'https://pirate',
        p_expires_at: '2099-01-01T00:00:00Z',
      },
    ],
    ['stripe_apply_event', { p_event: { id: 'evt_pirate', type: 'checkout.session.completed', account: 'acct_Pirate', data: { object: { id: 'cs_pirate' } } } }],
    ['take_pending_refunds', { p_reservation_id: v.reservation.id }],
    ['refund_made', { p_id: v.reservation.id, p_refund_id: 're_pirate', p_status: 'succeeded' }],
    // The no-show fee: what may be charged, for owners of the restaurant only; recording the charge, the service's only.
    ['no_show_fee_plan', { p_reservation_id: v.reservation.id }],
    ['no_show_fee_recorded', { p_reservation_id: v.reservation.id, p_account_id: 'acct_Pirate', p_cents: 1, p_payment_intent: 'pi_pirate', p_needs_authentication: true }],
    // The guest book (issue 47): reading it, notes, merging and splitting, members of the restaurant only; export and
    // erasure, and what retention will take, owners only; the retention job, the reservation service's only.
    ['restaurant_customers_list', { p_restaurant_id: r }],
    ['restaurant_customers_list', { p_restaurant_id: r, p_search: 'jeanne' }],
    ['customer_detail', { p_restaurant_id: r, p_customer_id: v.customerId }],
    ['reservation_customer_hint', { p_reservation_id: v.reservation.id }],
    ['save_customer_notes', { p_restaurant_id: r, p_customer_id: v.customerId, p_notes: 'piraté', p_tags: ['Pirate'] }],
    ['merge_customers', { p_restaurant_id: r, p_keep: v.customerId, p_merge: v.customerId }],
    ['split_customer', { p_restaurant_id: r, p_customer_id: v.customerId, p_reservation_ids: [v.reservation.id] }],
    ['export_customer_data', { p_restaurant_id: r, p_customer_id: v.customerId }],
    ['erase_customer', { p_restaurant_id: r, p_customer_id: v.customerId }],
    ['customers_due_for_anonymisation', { p_restaurant_id: r, p_within_days: 366 }],
    ['run_privacy_retention', { p_now: '2100-01-01T00:00:00Z', p_restaurant_id: r }],
    // The daily job's claim of a day (the reservation service's only).
    ['run_daily_privacy_retention', { p_now: '2100-01-01T00:00:00Z', p_restaurant_id: r }],
    // Deleting one's own account (issue 47): the signed-in user's, given their password; nobody else's account is named.
    ['account_deletion_preview', { p_password: 'pas-le-mot-de-passe' }],
    ['delete_my_account', { p_password: 'pas-le-mot-de-passe' }],
  ];
}

/**
 * Every table (read, insert, update, delete, upsert), view and function, tried by one caller against the
 * victim's rows: each must be refused. Answers the number of cases tried.
 */
async function tryEverything(victim: Victim, who: string, c: SupabaseClient, attackerId: string): Promise<number> {
  let cases = 0;
  for (const t of tableTargets(victim)) {
    const label = `${who} ${t.table}`;
    const read = await c.from(t.table).select('*').eq(t.column, t.value);
    expect({ label, rows: read.data ?? [] }).toEqual({ label, rows: [] });
    const all = await c.from(t.table).select('*');
    expect((all.data ?? []).some((row: Record<string, unknown>) => row[t.column] === t.value)).toBe(false);
    // Without RETURNING too: a write-only leak would not show in a select policy.
    await expectRefused(`${label} insert`, c.from(t.table).insert(t.insert));
    await expectRefused(`${label} insert returning`, c.from(t.table).insert(t.insert).select());
    await expectRefused(`${label} update`, c.from(t.table).update(t.patch).eq(t.column, t.value).select());
    await expectRefused(`${label} delete`, c.from(t.table).delete().eq(t.column, t.value).select());
    cases += 6;
  }
  {
    for (const table of ['restaurant_amenities', 'restaurant_contacts', 'restaurant_billing', 'restaurant_cgv']) {
      await expectRefused(
        `${who} ${table} upsert`,
        c
          .from(table)
          .upsert(
            { restaurant_id: victim.restaurantId, ...(table === 'restaurant_cgv' ? { cancellation_policy: 'same_day', modification_policy: 'same_day' } : {}) },
            { onConflict: 'restaurant_id' },
          )
          .select(),
      );
      cases += 1;
    }
  }
  for (const view of VIEWS) {
    const { data } = await c.from(view).select('*').eq('restaurant_id', victim.restaurantId);
    expect(data ?? []).toEqual([]);
    cases += 1;
  }
  for (const [fn, args] of rpcTargets(victim, attackerId)) {
    const { data, error } = await c.rpc(fn, args);
    // Refused: an error, or (a read function, run with the caller's rights) none of the victim's rows.
    // request_form answers null (not an error) for a restaurant whose page is off: the victim's is.
    const refused = error !== null || (Array.isArray(data) && data.length === 0) || ((fn === 'request_form' || fn === 'invitation_details') && data === null);
    expect({ who, fn, refused }).toEqual({ who, fn, refused: true });
    cases += 1;
  }
  for (const fn of OWN_ROWS_FUNCTIONS) {
    const { data, error } = await c.rpc(fn);
    if (who === 'anonymous') expect({ who, fn, refused: error !== null }).toEqual({ who, fn, refused: true });
    else {
      const created = await must(
        service()
          .from('restaurants')
          .select('user_id')
          .eq('id', data as string)
          .single(),
      );
      expect({ who, fn, owner: created.user_id }).toEqual({ who, fn, owner: attackerId });
    }
    cases += 1;
  }
  for (const fn of OWN_READ_FUNCTIONS) {
    const { data, error } = await c.rpc(fn);
    if (who === 'anonymous') expect({ who, fn, refused: error !== null }).toEqual({ who, fn, refused: true });
    else expect({ who, fn, error, victimMentioned: JSON.stringify(data).includes(victim.restaurantId) }).toEqual({ who, fn, error: null, victimMentioned: false });
    cases += 1;
  }
  return cases;
}

/** Makes a user a member of a restaurant, as the team functions would (they are not under test here). */
async function addMember(restaurantId: string, userId: string, role: 'owner' | 'manager', addedBy: string): Promise<void> {
  await withDb((db) => db.query('insert into public.restaurant_members (user_id, restaurant_id, role, added_by) values ($1, $2, $3, $4)', [userId, restaurantId, role, addedBy]));
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function expectRefused(label: string, call: PromiseLike<{ data: unknown; error: unknown }>) {
  const { data, error } = await call;
  // Refused means an error, or a statement that matched none of the victim's rows.
  const touched = Array.isArray(data) ? data.length : data === null || data === undefined ? 0 : 1;
  if (!error && touched > 0) throw new Error(`${label}: not refused, returned ${JSON.stringify(data)}`);
}

describe('attack matrix', () => {
  let victim: Victim;
  let victimOwner: SupabaseClient;
  beforeAll(async () => {
    const owner = await newOwner('victim');
    victimOwner = owner.client;
    const built = await completeRestaurant(owner.client, 'Victime');
    const menus = await must(owner.client.from('restaurant_menus').select('id').eq('restaurant_id', built.restaurantId).eq('is_children_menu', false));
    const faqs = await must(owner.client.from('restaurant_faqs').select('id').eq('restaurant_id', built.restaurantId).order('display_order'));
    const key = await must(owner.client.rpc('create_assistant_key', { p_restaurant_id: built.restaurantId }));
    // An exceptional closure, so that restaurant_closures has a row to attack.
    const closureDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await must(owner.client.rpc('close_services', { p_restaurant_id: built.restaurantId, p_date: closureDate, p_services: ['dinner'], p_reason: 'Fermeture' }));
    // A pending invitation, its link drawn as the reservation service's sender draws it.
    const invitation = await must(owner.client.rpc('invite_member', { p_restaurant_id: built.restaurantId, p_email: 'invitee@exemple.fr', p_role: 'owner' }));
    const invitationToken = randomBytes(32).toString('base64url');
    const invitationId = (invitation as { id: string }).id;
    await must(service().rpc('issue_invitation_token', { p_invitation_id: invitationId, p_token_hash: createHash('sha256').update(invitationToken).digest('hex') }));
    // Its WhatsApp number, so that restaurant_whatsapp_numbers has a row to attack.
    const whatsappNumber = `${Date.now()}${randomBytes(2).readUInt16BE()}`;
    await must(owner.client.rpc('set_whatsapp_number', { p_restaurant_id: built.restaurantId, p_phone_number_id: whatsappNumber }));
    victim = {
      ...built,
      menuId: menus[0].id,
      faqIds: faqs.map((f) => f.id),
      userId: owner.userId,
      keyId: (key as { id: string }).id,
      closureDate,
      invitationId,
      invitationToken,
      whatsappNumber,
      customerId: '',
    };
    // The reservation's customer in the guest book, and an export, so that the privacy audit has a row to attack.
    const customer = await must(owner.client.from('restaurant_reservations').select('customer_id').eq('id', built.reservation.id).single());
    victim.customerId = customer.customer_id as string;
    expect(victim.customerId).toMatch(/^[0-9a-f-]{36}$/);
    await must(owner.client.rpc('export_customer_data', { p_restaurant_id: built.restaurantId, p_customer_id: victim.customerId }));
    // A Stripe account, a session, a payment and a card imprint, so that the payment tables have rows to attack.
    await must(service().rpc('stripe_connect_save', { p_restaurant_id: built.restaurantId, p_user_id: owner.userId, p_account_id: 'acct_Victime', p_account_name: 'Victime' }));
    await withDb(async (db) => {
      await db.query(
        "insert into public.reservation_checkouts (reservation_id, restaurant_id, account_id, purpose, amount_cents, session_id, url, expires_at) values ($1, $2, 'acct_Victime', 'advance', 5000, 'cs_victime', 'https://checkout.stripe.com/c/pay/cs_victime', now() + interval '1 day')",
        [built.reservation.id, built.restaurantId],
      );
      await db.query(
        "insert into public.reservation_payments (reservation_id, restaurant_id, account_id, kind, amount_cents, status, stripe_id, payment_intent) values ($1, $2, 'acct_Victime', 'advance', 5000, 'succeeded', 'pi_victime', 'pi_victime')",
        [built.reservation.id, built.restaurantId],
      );
      await db.query(
        "insert into public.reservation_card_imprints (reservation_id, restaurant_id, account_id, customer_id, payment_method_id, setup_intent) values ($1, $2, 'acct_Victime', 'cus_victime', 'pm_victime', 'seti_victime')",
        [built.reservation.id, built.restaurantId],
      );
    });
    // Reminder settings, so that restaurant_reminder_settings has a row to attack.
    await must(owner.client.rpc('save_reminder_settings', { p_restaurant_id: built.restaurantId, p_settings: { headcount_days: 5 } }));
    // A guest's choices, so that reservation_guests has a row to attack (written as the superuser: the page's
    // deadline may have passed for the next open day).
    await withDb((db) =>
      db.query("insert into public.reservation_guests (reservation_id, restaurant_id, guest_number, name) values ($1, $2, 1, 'Léa')", [built.reservation.id, built.restaurantId]),
    );
    // A decided reservation, so that its history (reservation_events) has a row to attack.
    const decided = await service().rpc('transition_reservation_by_id', {
      p_reservation_id: built.reservation.id,
      p_target_status: 2,
      p_actor: 'owner',
      p_actor_user_id: owner.userId,
      p_reason: 'complet',
    });
    expect(decided.data).toMatchObject({ outcome: 'ok' });
  });

  it('refuses anonymous and another owner everywhere, and leaves the victim byte-for-byte unchanged', async () => {
    const attacker = await newOwner('attacker');
    await completeRestaurant(attacker.client, 'Attaquant');
    const before = await restaurantSnapshot(victim.restaurantId);
    let cases = 0;

    for (const [who, c] of [
      ['anonymous', anon()],
      ['another owner', attacker.client],
    ] as [string, SupabaseClient][]) {
      cases += await tryEverything(victim, who, c, attacker.userId);
    }

    expect(await restaurantSnapshot(victim.restaurantId)).toBe(before);
    console.log(`attack matrix: ${cases} cases tried, all refused, victim unchanged`);
    expect(cases).toBeGreaterThan(210);
  });

  it('a manager cannot run the team; a removed member and a used, expired or foreign link give nothing', async () => {
    const owner = await newOwner('team-victim');
    const { id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Équipe visée' }).select('id').single());
    const draw = async (email: string, role = 'manager') => {
      const { id } = (await must(owner.client.rpc('invite_member', { p_restaurant_id: restaurantId, p_email: email, p_role: role }))) as { id: string };
      const token = randomBytes(32).toString('base64url');
      await must(service().rpc('issue_invitation_token', { p_invitation_id: id, p_token_hash: createHash('sha256').update(token).digest('hex') }));
      return { id, token };
    };
    const manager = await newOwner('team-manager');
    const joined = await draw(manager.email);
    await must(manager.client.rpc('accept_invitation', { p_token: joined.token }));
    const pending = await draw('futur-proprietaire@exemple.fr', 'owner');
    const late = await newOwner('team-late');
    const expired = await draw(late.email);
    await withDb((db) => db.query(`update public.restaurant_invitations set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]));
    const attacker = await newOwner('team-attacker');
    const team = () =>
      withDb(async (db) => {
        const { rows } = await db.query(
          `select (select json_agg(m order by m.user_id) from public.restaurant_members m where m.restaurant_id = $1) as members,
                  (select json_agg(i order by i.id) from public.restaurant_invitations i where i.restaurant_id = $1) as invitations`,
          [restaurantId],
        );
        return rows[0] as { members: { user_id: string }[]; invitations: unknown[] };
      });
    const before = await team();
    let cases = 0;
    const refuse = async (who: string, fn: string, args: Record<string, unknown>, c: SupabaseClient) => {
      const { data, error } = await c.rpc(fn, args);
      expect({ who, fn, refused: error !== null || (Array.isArray(data) && data.length === 0) }).toEqual({ who, fn, refused: true });
      cases += 1;
    };
    const teamCalls: [string, Record<string, unknown>][] = [
      ['invite_member', { p_restaurant_id: restaurantId, p_email: 'complice@exemple.fr', p_role: 'owner' }],
      ['cancel_invitation', { p_invitation_id: pending.id }],
      ['change_member_role', { p_restaurant_id: restaurantId, p_user_id: manager.userId, p_role: 'owner' }],
      ['change_member_role', { p_restaurant_id: restaurantId, p_user_id: owner.userId, p_role: 'manager' }],
      ['remove_member', { p_restaurant_id: restaurantId, p_user_id: owner.userId }],
      ['restaurant_team', { p_restaurant_id: restaurantId }],
    ];
    for (const [fn, args] of teamCalls) await refuse('a manager', fn, args, manager.client);
    expect(await must(manager.client.from('restaurant_invitations').select('id').eq('restaurant_id', restaurantId))).toEqual([]);
    // Used: a second use, by the same account or another one.
    await refuse('a manager, the used link', 'accept_invitation', { p_token: joined.token }, manager.client);
    await refuse('another account, the used link', 'accept_invitation', { p_token: joined.token }, attacker.client);
    await refuse('the invitee, an expired link', 'accept_invitation', { p_token: expired.token }, late.client);
    // Sent to another address: whoever holds it, it joins nobody.
    await refuse('another account, the pending link', 'accept_invitation', { p_token: pending.token }, attacker.client);
    expect(await team()).toEqual(before);
    // Removed: the team and its functions are out of reach at once, whatever the access token's age.
    await must(owner.client.rpc('remove_member', { p_restaurant_id: restaurantId, p_user_id: manager.userId }));
    for (const [fn, args] of [...teamCalls, ['restaurant_people', { p_restaurant_id: restaurantId }] as [string, Record<string, unknown>]]) {
      await refuse('a removed member', fn, args, manager.client);
    }
    expect(await must(manager.client.from('restaurant_members').select('user_id').eq('restaurant_id', restaurantId))).toEqual([]);
    // For another restaurant: the attacker's own restaurant is not joined by any of these links.
    expect(await team()).toEqual({ ...before, members: before.members.filter((m) => m.user_id !== manager.userId) });
    console.log(`team attack matrix: ${cases} cases tried, all refused`);
  });

  it('lets the service role (the reservation service, the chatbot) do what owners cannot', async () => {
    const admin = service();
    const rows = await must(admin.from('restaurant_reservations').select('id').eq('restaurant_id', victim.restaurantId));
    expect(rows).toHaveLength(1);
    const { data } = await anon().from('restaurant_reservations').select('id');
    expect(data ?? []).toEqual([]);
  });

  /**
   * A manager of the victim's restaurant (made a member by SQL, as the team functions would), then the
   * same account removed from the team while its access token is still valid.
   */
  describe('a manager, then a removed member', () => {
    let manager: Awaited<ReturnType<typeof newOwner>>;
    const photoPath = () => `${victim.restaurantId}/1-a.png`;
    beforeAll(async () => {
      manager = await newOwner('manager');
      await addMember(victim.restaurantId, manager.userId, 'manager', victim.userId);
      // A file in the restaurant's folder, for the storage cases.
      expect((await victimOwner.storage.from('restaurant-photos').upload(photoPath(), PNG, { contentType: 'image/png' })).error).toBeNull();
    });

    it('refuses a manager Facturation, the keys, the team and deleting the restaurant', async () => {
      const c = manager.client;
      const r = victim.restaurantId;
      const before = await restaurantSnapshot(r);
      // Facturation: every action.
      expect((await c.from('restaurant_billing').select('*').eq('restaurant_id', r)).data ?? []).toEqual([]);
      await expectRefused('manager billing insert', c.from('restaurant_billing').insert({ restaurant_id: r, iban: 'FR00' }));
      await expectRefused('manager billing insert returning', c.from('restaurant_billing').insert({ restaurant_id: r, iban: 'FR00' }).select());
      await expectRefused('manager billing upsert', c.from('restaurant_billing').upsert({ restaurant_id: r, iban: 'FR00' }, { onConflict: 'restaurant_id' }).select());
      await expectRefused('manager billing update', c.from('restaurant_billing').update({ iban: 'FR7600000000000000000000000' }).eq('restaurant_id', r).select());
      await expectRefused('manager billing delete', c.from('restaurant_billing').delete().eq('restaurant_id', r).select());
      // The customers' reminders (Messages automatiques): owners only, though a manager reads them.
      expect((await c.rpc('save_reminder_settings', { p_restaurant_id: r, p_settings: { headcount_enabled: false } })).error).toMatchObject({ code: '42501' });
      await expectRefused('manager reminder settings update', c.from('restaurant_reminder_settings').update({ headcount_enabled: false }).eq('restaurant_id', r).select());
      // The guests' choices: the customer's page only, though a manager reads them.
      await expectRefused('manager guests update', c.from('reservation_guests').update({ name: 'Piraté' }).eq('restaurant_id', r).select());
      await expectRefused('manager guests delete', c.from('reservation_guests').delete().eq('restaurant_id', r).select());
      // The assistant's keys: the table and its functions.
      expect((await c.from('restaurant_assistant_keys').select('id').eq('restaurant_id', r)).data ?? []).toEqual([]);
      await expectRefused(
        'manager keys insert',
        c
          .from('restaurant_assistant_keys')
          .insert({ restaurant_id: r, prefix: 'tbl_pirate', key_hash: 'a'.repeat(64) })
          .select(),
      );
      await expectRefused('manager keys update', c.from('restaurant_assistant_keys').update({ revoked_at: new Date().toISOString() }).eq('restaurant_id', r).select());
      await expectRefused('manager keys delete', c.from('restaurant_assistant_keys').delete().eq('restaurant_id', r).select());
      const created = await c.rpc('create_assistant_key', { p_restaurant_id: r });
      expect(created.error).toMatchObject({ code: '42501', message: 'Accès non autorisé à ce restaurant' });
      const revoked = await c.rpc('revoke_assistant_key', { p_key_id: victim.keyId });
      expect(revoked.error).toMatchObject({ code: '42501', message: 'Accès non autorisé à ce restaurant' });
      // The WhatsApp number: read, never set nor cleared.
      expect(await must(c.from('restaurant_whatsapp_numbers').select('phone_number_id').eq('restaurant_id', r))).toEqual([{ phone_number_id: victim.whatsappNumber }]);
      for (const value of ['1', null]) {
        expect((await c.rpc('set_whatsapp_number', { p_restaurant_id: r, p_phone_number_id: value })).error).toMatchObject({ code: '42501', message: 'Accès non autorisé à ce restaurant' });
      }
      await expectRefused('manager whatsapp number update', c.from('restaurant_whatsapp_numbers').update({ phone_number_id: '1' }).eq('restaurant_id', r).select());
      // The team: no write of any kind (promoting oneself, adding someone, removing the owner).
      await expectRefused('manager team promote', c.from('restaurant_members').update({ role: 'owner' }).eq('user_id', manager.userId).select());
      await expectRefused('manager team insert', c.from('restaurant_members').insert({ restaurant_id: r, user_id: manager.userId, role: 'owner' }).select());
      await expectRefused('manager team delete', c.from('restaurant_members').delete().eq('user_id', victim.userId).select());
      // Deleting the restaurant.
      await expectRefused('manager restaurant delete', c.from('restaurants').delete().eq('id', r).select());
      // The customers' erasure and the retention job (issue 47): not a manager's.
      expect((await c.rpc('erase_customer', { p_restaurant_id: r, p_customer_id: victim.customerId })).error).toMatchObject({ code: '42501' });
      for (const fn of ['run_privacy_retention', 'run_daily_privacy_retention']) {
        const { data, error } = await c.rpc(fn, { p_now: '2100-01-01T00:00:00Z', p_restaurant_id: r });
        expect({ fn, data, code: error?.code }).toEqual({ fn, data: null, code: '42501' });
      }
      expect(await restaurantSnapshot(r)).toBe(before);
    });

    it('lets a manager do the operational things: reservations, the team list, hours, photos', async () => {
      const c = manager.client;
      const r = victim.restaurantId;
      expect(await must(c.from('restaurants').select('id, name').eq('id', r))).toEqual([{ id: r, name: 'Victime' }]);
      expect(await must(c.from('restaurant_reservations').select('id').eq('restaurant_id', r))).toEqual([{ id: victim.reservation.id }]);
      expect(await must(c.rpc('search_reservations', { p_restaurant_id: r, p_search: 'dupont' }).select('id'))).toEqual([{ id: victim.reservation.id }]);
      expect(await must(c.from('reservation_events').select('reservation_id').eq('restaurant_id', r))).toHaveLength(1);
      expect(await must(c.from('conversation_summaries').select('id').eq('restaurant_id', r))).toEqual([{ id: victim.conversationId }]);
      expect((await must(c.from('restaurant_members').select('user_id, role').eq('restaurant_id', r))).map((m) => m.role).sort()).toEqual(['manager', 'owner']);
      await must(c.rpc('save_restaurant_hours', { p_restaurant_id: r, p_hours: sample.hours }));
      await must(c.rpc('save_restaurant_cgv', { p_restaurant_id: r, p_cgv: { cancellationPolicy: '72h', modificationPolicy: '48h', link: null } }));
      const { data: file, error } = await c.storage.from('restaurant-photos').download(photoPath());
      expect(error).toBeNull();
      expect(file?.size).toBe(PNG.length);
    });

    it('shows a manager what the profile lacks as it shows the owner, Facturation included (which only owners read)', async () => {
      const owner = await newOwner('completeness');
      const id = (await must(owner.client.rpc('start_restaurant_onboarding'))) as string;
      await addMember(id, manager.userId, 'manager', owner.userId);
      const missing = async (c: SupabaseClient) =>
        ((await must(c.from('restaurant_completeness').select('missing').eq('restaurant_id', id).single())).missing as { section: string }[]).map((m) => m.section);
      expect(await missing(owner.client)).toContain('billing');
      expect(await missing(manager.client)).toEqual(await missing(owner.client));
    });

    it('refuses a removed member everywhere, with the access token they still hold', async () => {
      const c = manager.client;
      const r = victim.restaurantId;
      // Still a member: the reservation is theirs to read.
      expect(await must(c.from('restaurant_reservations').select('id').eq('restaurant_id', r))).toHaveLength(1);
      await withDb((db) => db.query('delete from public.restaurant_members where user_id = $1 and restaurant_id = $2', [manager.userId, r]));
      const before = await restaurantSnapshot(r);

      let cases = await tryEverything(victim, 'removed member', c, manager.userId);
      // Storage: the restaurant's folder.
      const bucket = c.storage.from('restaurant-photos');
      expect((await bucket.download(photoPath())).error).not.toBeNull();
      expect((await bucket.list(r)).data ?? []).toEqual([]);
      const upload = await bucket.upload(`${r}/9-pirate.png`, PNG, { contentType: 'image/png' });
      expect((upload.error as unknown as { statusCode: string })?.statusCode).toBe('403');
      const overwrite = await bucket.upload(photoPath(), PNG, { contentType: 'image/png', upsert: true });
      expect(overwrite.error).not.toBeNull();
      await expectRefused('removed member storage remove', bucket.remove([photoPath()]));
      cases += 5;
      // The file is still there, as it was.
      expect((await service().storage.from('restaurant-photos').download(photoPath())).data?.size).toBe(PNG.length);

      expect(await restaurantSnapshot(r)).toBe(before);
      console.log(`attack matrix, removed member: ${cases} cases tried, all refused`);
      expect(cases).toBeGreaterThan(100);
    });
  });
});

/**
 * The matrix above is only as good as its lists: here they are checked against the database's own
 * catalog, so a new table without RLS, a view that runs as its owner, or a function granted to the
 * API roles without an attack case fails the suite.
 */
describe('the API surface, read from the catalog', () => {
  const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

  it('every table of public has Row Level Security and a policy; anon is granted nothing; views run as the caller', async () => {
    const catalog = await withDb(async (db) => {
      const tables = await db.query(`
        select c.relname as name, c.relrowsecurity as rls,
               (select count(*) from pg_policy p where p.polrelid = c.oid)::int as policies,
               has_table_privilege('anon', c.oid, 'select, insert, update, delete, truncate, references, trigger') as anon_granted
          from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`);
      const views = await db.query(`
        select c.relname as name, coalesce(c.reloptions @> array['security_invoker=true'], false) as invoker,
               has_table_privilege('anon', c.oid, 'select, insert, update, delete') as anon_granted
          from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')`);
      return { tables: tables.rows, views: views.rows };
    });
    expect(catalog.tables.length).toBeGreaterThan(0);
    expect(catalog.tables.filter((t) => !t.rls || t.policies === 0 || t.anon_granted).map((t) => t.name)).toEqual([]);
    expect(catalog.views.filter((v) => !v.invoker || v.anon_granted).map((v) => v.name)).toEqual([]);
  });

  it('the attack matrix tries every table, view and function that anon or authenticated can reach', async () => {
    const catalog = await withDb(async (db) => ({
      tables: (await db.query(`select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`)).rows.map((r) => r.relname as string),
      views: (await db.query(`select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('v', 'm')`)).rows.map((r) => r.relname as string),
      functions: (
        await db.query(`
          select p.proname, has_function_privilege('anon', p.oid, 'execute') as anon
            from pg_proc p where p.pronamespace = 'public'::regnamespace
             and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))`)
      ).rows as { proname: string; anon: boolean }[],
    }));
    const someone = '00000000-0000-4000-8000-000000000000';
    const placeholder = {
      restaurantId: someone,
      photoId: someone,
      conversationId: someone,
      menuId: someone,
      faqIds: [],
      userId: someone,
      reservation: { id: someone, numero_reservation: '', code_manage: '' },
      keyId: someone,
      closureDate: '2030-01-07',
      invitationId: someone,
      invitationToken: '',
      whatsappNumber: '1',
      customerId: someone,
    } as Victim;
    expect(sorted(tableTargets(placeholder).map((t) => t.table))).toEqual(sorted(catalog.tables));
    expect(sorted(VIEWS)).toEqual(sorted(catalog.views));
    const attacked = new Set([...rpcTargets(placeholder, someone).map(([fn]) => fn), ...OWN_ROWS_FUNCTIONS, ...OWN_READ_FUNCTIONS]);
    expect(catalog.functions.map((f) => f.proname).filter((fn) => !attacked.has(fn))).toEqual([]);
    // Two functions of the API are open to anonymous callers: the public request page's (request_form, which
    // answers only allow-listed fields: request-form.test.ts) and the invitation page's (invitation_details,
    // which answers only to the holder of a valid link: team.test.ts), and the customer's page's, which answer and act only
    // for the holder of a reservation's own token (customer-page.test.ts). The one-click links go through the reservation service.
    expect(sorted(catalog.functions.filter((f) => f.anon).map((f) => f.proname))).toEqual([
      'customer_cancel_reservation',
      'customer_reservation',
      'customer_update_reservation',
      'customer_write_to_restaurant',
      'invitation_details',
      'request_form',
    ]);
  });
});
