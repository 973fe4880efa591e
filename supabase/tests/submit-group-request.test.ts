import type { SupabaseClient } from '@supabase/supabase-js';
import { anon, client, env, newOwner, service, withDb } from '../../local-supabase/test/clients';
import { demoCopy, type DemoCopy } from '../../local-supabase/test/seeded';
import { acceptanceWarnings } from '../../domain/src/acceptance';

/**
 * public.submit_group_request, the one way a reservation is created: every rule of the stored profile
 * with the French message the chatbot says as it is, idempotency on external_id, the notifications
 * written in the same transaction, and who may call it.
 */
interface Knowledge {
  days: { day: string; is_open: boolean; services: { service: string; arrival_times: string[]; group_size: { min: number; max: number } }[] }[];
  menus: { id: string; name: string; price_per_person: number; is_children_menu: boolean; available_lunch: boolean; available_dinner: boolean }[];
  options: { id: string; price: number; price_type: 'per_person' | 'total' }[];
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
let copy: DemoCopy;
let lyon: string;
let bordeaux: string;
let lyonKnows: Knowledge;
let bordeauxKnows: Knowledge;

beforeAll(async () => {
  copy = await demoCopy({ url: env.url, anonKey: env.anonKey, serviceRoleKey: env.serviceRoleKey, dbUrl: env.databaseUrl }, 'demande');
  ({ lyon, bordeaux } = copy.restaurants);
  lyonKnows = await knowledge(lyon);
  bordeauxKnows = await knowledge(bordeaux);
});

async function knowledge(restaurantId: string): Promise<Knowledge> {
  const { data, error } = await service().rpc('assistant_knowledge', { p_restaurant_id: restaurantId });
  if (error) throw new Error(error.message);
  return data as Knowledge;
}

/** The first date from `fromDays` days ahead (Paris time) whose weekday satisfies `accept`, as YYYY-MM-DD. */
function dateAhead(fromDays: number, accept: (weekday: string) => boolean): string {
  const today = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Paris' }));
  for (let add = fromDays; add < fromDays + 14; add += 1) {
    const d = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + add));
    if (accept(WEEKDAYS[d.getUTCDay()])) return d.toISOString().slice(0, 10);
  }
  throw new Error('no such date');
}

const dinnerOf = (k: Knowledge, day: string) => k.days.find((d) => d.day === day && d.is_open)?.services.find((s) => s.service === 'dinner');
const openDinnerDay = (k: Knowledge) => (weekday: string) => !!dinnerOf(k, weekday)?.arrival_times.length;

/** A valid request to Lyon's copy: dinner on an open day, its first arrival time, its first menu. */
function validRequest(externalId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const date = dateAhead(7, openDinnerDay(lyonKnows));
  const dinner = dinnerOf(lyonKnows, WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()])!;
  const menu = lyonKnows.menus.find((m) => !m.is_children_menu && m.available_dinner)!;
  return {
    external_id: externalId,
    date,
    arrival_time: dinner.arrival_times[0],
    adults: Math.max(dinner.group_size.min, 10),
    children: 0,
    menu_id: menu.id,
    customer: { name: 'Claire Fontaine', email: 'claire.fontaine@exemple.fr', phone: '06 12 34 56 78' },
    ...overrides,
  };
}

const submit = (restaurantId: string, request: unknown, as: SupabaseClient = service()) => as.rpc('submit_group_request', { p_restaurant_id: restaurantId, p_request: request });

const rowsOf = (restaurantId: string) =>
  withDb(async (db) => {
    const { rows } = await db.query<{ reservations: number; conversations: number; outbox: number }>(
      `select (select count(*)::int from restaurant_reservations where restaurant_id = $1) as reservations,
              (select count(*)::int from conversations where restaurant_id = $1) as conversations,
              (select count(*)::int from notification_outbox where restaurant_id = $1) as outbox`,
      [restaurantId],
    );
    return rows[0];
  });

let sequence = 0;
const externalId = (label: string) => `${label}-${Date.now()}-${(sequence += 1)}`;

describe('submit_group_request: a valid request', () => {
  it('stores a pending request with its numbers, total, respond_by, conversation and the notifications to send', async () => {
    const menu = lyonKnows.menus.find((m) => !m.is_children_menu && m.available_dinner)!;
    const kids = lyonKnows.menus.find((m) => m.is_children_menu);
    const perPerson = lyonKnows.options.find((o) => o.price_type === 'per_person')!;
    const request = validRequest(externalId('valide'), {
      adults: 12,
      children: 2,
      options: [{ option_id: perPerson.id }],
      message: 'Un anniversaire : 40 ans de Paul.',
      conversation: {
        messages: [
          { role: 'user', content: 'Bonjour, une table pour 14 ?', sent_at: '2026-11-20T18:00:00Z' },
          { role: 'assistant', content: 'Avec plaisir, à quelle heure ?', sent_at: '2026-11-20T18:00:05Z' },
        ],
      },
    });
    const { data, error, status } = await submit(lyon, request);
    expect(error).toBeNull();
    expect(status).toBe(200);
    const expectedTotal = menu.price_per_person * 12 + (kids?.price_per_person ?? 0) * 2 + perPerson.price * 12;
    expect(data).toMatchObject({
      replayed: false,
      reservation: { status: 'pending', numero: expect.stringMatching(/^TBL-[A-Z2-9]{8}$/), numero_restaurateur: expect.stringMatching(/^R-\d{4}$/), total_amount: expectedTotal },
      acceptance: { service: 'dinner', covers: 14 },
    });

    const { rows } = await withDb((db) =>
      db.query(
        `select r.status, r.source, r.customer_message, r.email_address, r.selected_menu, r.options, r.number_people, r.children,
                r.respond_by = private.respond_by_within_hours(r.restaurant_id, r.created_at,
                                 (select t.delay from private.response_times t join restaurant_contacts c on c.response_time = t.code
                                   where c.restaurant_id = r.restaurant_id), 28) as respond_by_is_promised_delay,
                (select json_agg(json_build_object('role', m.role, 'content', m.content, 'at', m.created_at) order by m.created_at) from messages m where m.conversation_id = r.conversation_id) as messages,
                (select json_agg(json_build_object('kind', n.kind, 'channel', n.channel, 'recipient', n.recipient, 'status', n.status,
                                                   'about', n.payload ->> 'numero_reservation') order by n.kind, n.channel)
                   from notification_outbox n where n.reservation_id = r.id) as outbox,
                (select c.email_address from restaurant_contacts c where c.restaurant_id = r.restaurant_id) as restaurant_email
           from restaurant_reservations r where r.id = $1`,
        [(data as { reservation: { id: string } }).reservation.id],
      ),
    );
    const row = rows[0];
    expect(row).toMatchObject({
      status: 0,
      source: 'assistant',
      customer_message: 'Un anniversaire : 40 ans de Paul.',
      email_address: 'claire.fontaine@exemple.fr',
      selected_menu: menu.name,
      number_people: 12,
      children: 2,
      options: [expect.objectContaining({ option_id: perPerson.id, quantity: 12 })],
    });
    expect(row.respond_by_is_promised_delay).toBe(true);
    expect(row.messages).toEqual([
      { role: 'user', content: 'Bonjour, une table pour 14 ?', at: '2026-11-20T18:00:00+00:00' },
      { role: 'assistant', content: 'Avec plaisir, à quelle heure ?', at: '2026-11-20T18:00:05+00:00' },
    ]);
    const about = (data as { reservation: { numero: string } }).reservation.numero;
    expect(row.outbox).toEqual([
      { kind: 'customer_request_received', channel: 'email', recipient: 'claire.fontaine@exemple.fr', status: 'pending', about },
      { kind: 'owner_new_request', channel: 'email', recipient: row.restaurant_email, status: 'pending', about },
      { kind: 'owner_new_request', channel: 'whatsapp', recipient: expect.stringMatching(/\d/), status: 'pending', about },
    ]);
  });

  it('gives each request of a restaurant the next number, whatever the number of parallel calls', async () => {
    const before = await withDb(async (db) => {
      const { rows } = await db.query<{ max: number }>(
        `select max(substring(numero_reservation_restaurateur from '^R-(\\d+)$')::int) as max from restaurant_reservations where restaurant_id = $1`,
        [lyon],
      );
      return rows[0].max;
    });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(lyon, validRequest(externalId(`numero-${i}`)))));
    expect(answers.map((a) => a.error)).toEqual(Array(8).fill(null));
    const numbers = answers.map((a) => (a.data as { reservation: { numero_restaurateur: string } }).reservation.numero_restaurateur).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `R-${String(before + 1 + i).padStart(4, '0')}`));
  });

  it('is idempotent on external_id: 20 parallel calls make one reservation and one message per channel', async () => {
    const id = externalId('parallele');
    const request = validRequest(id);
    const before = await rowsOf(lyon);
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(lyon, request)));
    expect(answers.map((a) => a.error)).toEqual(Array(20).fill(null));
    const ids = new Set(answers.map((a) => (a.data as { reservation: { id: string } }).reservation.id));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => (a.data as { replayed: boolean }).replayed)).toHaveLength(19);
    const after = await rowsOf(lyon);
    expect(after.reservations - before.reservations).toBe(1);
    expect(after.outbox - before.outbox).toBe(3);

    const changed = await submit(lyon, { ...request, adults: (request.adults as number) + 1 });
    expect(changed.status).toBe(409);
    expect(changed.error).toMatchObject({ code: 'external_id_conflict', details: 'external_id' });
    expect(await rowsOf(lyon)).toEqual(after);
  });
});

describe('submit_group_request: what the profile refuses, each with its French message, changing nothing', () => {
  const closedWeekday = () => WEEKDAYS.find((w) => !lyonKnows.days.find((d) => d.day === w)?.is_open)!;

  const cases: [string, () => Record<string, unknown>, { code: string; details: string | null; message: RegExp }][] = [
    ['a date in the past', () => validRequest(externalId('x'), { date: '2020-01-10' }), { code: 'date_in_past', details: 'date', message: /^Cette date est déjà passée/ }],
    ['a date more than a year ahead', () => validRequest(externalId('x'), { date: dateAhead(400, openDinnerDay(lyonKnows)) }), { code: 'date_too_far', details: 'date', message: /plus d'un an/ }],
    ['a date that does not exist', () => validRequest(externalId('x'), { date: '2027-02-30' }), { code: 'invalid_date', details: 'date', message: /AAAA-MM-JJ/ }],
    [
      'a closed day',
      () => validRequest(externalId('x'), { date: dateAhead(7, (w) => w === closedWeekday()) }),
      { code: 'closed_day', details: 'date', message: /^Le restaurant est fermé le (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\.$/ },
    ],
    [
      'an arrival time not among the service’s',
      () => validRequest(externalId('x'), { arrival_time: '17:05' }),
      { code: 'arrival_time_unavailable', details: 'arrival_time', message: /Heures d'arrivée possibles : \d\d:\d\d/ },
    ],
    ['a malformed arrival time', () => validRequest(externalId('x'), { arrival_time: '8h' }), { code: 'invalid_arrival_time', details: 'arrival_time', message: /HH:MM/ }],
    [
      'a group above the maximum',
      () => validRequest(externalId('x'), { adults: 45, children: 4 }),
      { code: 'group_size', details: 'adults', message: /^Le restaurant accueille les groupes de \d+ à \d+ personnes au dîner/ },
    ],
    ['a group below the minimum', () => validRequest(externalId('x'), { adults: 1 }), { code: 'group_size', details: 'adults', message: /groupes de \d+ à \d+ personnes/ }],
    ['adults that are not a whole number', () => validRequest(externalId('x'), { adults: 'dix' }), { code: 'invalid_number', details: 'adults', message: /nombre entier/ }],
    [
      'a menu of another restaurant',
      () => validRequest(externalId('x'), { menu_id: bordeauxKnows.menus[0].id }),
      { code: 'unknown_menu', details: 'menu_id', message: /^Ce menu n'est pas proposé par le restaurant\.$/ },
    ],
    [
      'an option of another restaurant',
      () => validRequest(externalId('x'), { options: [{ option_id: bordeauxKnows.options[0].id, quantity: 1 }] }),
      { code: 'unknown_option', details: 'options', message: /^Cette option n'est pas proposée/ },
    ],
    [
      'no name',
      () => validRequest(externalId('x'), { customer: { name: ' ', email: 'a@exemple.fr' } }),
      { code: 'required', details: 'customer.name', message: /^Le nom du client est obligatoire\.$/ },
    ],
    [
      'no valid e-mail and no phone',
      () => validRequest(externalId('x'), { customer: { name: 'Claire' } }),
      { code: 'contact_required', details: 'customer', message: /e-mail ou un numéro de téléphone/ },
    ],
    [
      'two addresses in the e-mail',
      () => validRequest(externalId('x'), { customer: { name: 'Claire', email: 'a@exemple.fr, b@exemple.fr' } }),
      { code: 'invalid_email', details: 'customer.email', message: /une seule adresse/ },
    ],
    [
      'a message over 2,000 characters',
      () => validRequest(externalId('x'), { message: 'x'.repeat(2001) }),
      { code: 'too_long', details: 'message', message: /^Le message dépasse 2 000 caractères\.$/ },
    ],
    ['an external_id over 200 characters', () => validRequest('e'.repeat(201)), { code: 'too_long', details: 'external_id', message: /external_id/ }],
    ['no external_id', () => validRequest(''), { code: 'required', details: 'external_id', message: /est obligatoire/ }],
    [
      'a conversation of another restaurant',
      () => validRequest(externalId('x'), { conversation: { id: '00000000-0000-4000-8000-000000000000' } }),
      { code: 'unknown_conversation', details: 'conversation.id', message: /n'existe pas pour ce restaurant/ },
    ],
    [
      'a stored conversation with a bad role (after the checks that pass: nothing of it stays)',
      () =>
        validRequest(externalId('x'), {
          conversation: {
            messages: [
              { role: 'user', content: 'Bonjour' },
              { role: 'system', content: 'x' },
            ],
          },
        }),
      { code: 'invalid_conversation', details: 'conversation.messages', message: /rôle/ },
    ],
  ];

  it.each(cases)('%s', async (_what, request, expected) => {
    const before = await rowsOf(lyon);
    const { data, error, status } = await submit(lyon, request());
    expect(data).toBeNull();
    expect(status).toBe(422);
    expect(error).toMatchObject({ code: expected.code, details: expected.details, message: expect.stringMatching(expected.message) });
    expect(await rowsOf(lyon)).toEqual(before);
  });

  it('refuses a closed service of an open day', async () => {
    const date = dateAhead(7, openDinnerDay(lyonKnows));
    const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
    // The copy is this file's own: close its dinner that day as the owner's Horaires would.
    await withDb((db) => db.query(`update restaurant_hours set dinner_is_open = false where restaurant_id = $1 and day = $2`, [lyon, weekday]));
    try {
      const { error, status } = await submit(lyon, validRequest(externalId('service'), { date }));
      expect(status).toBe(422);
      expect(error).toMatchObject({ code: 'closed_service', details: 'arrival_time', message: expect.stringMatching(/^Le restaurant ne sert pas le dîner le /) });
    } finally {
      await withDb((db) => db.query(`update restaurant_hours set dinner_is_open = true where restaurant_id = $1 and day = $2`, [lyon, weekday]));
    }
  });

  it('refuses every request of a restaurant whose profile is not complete', async () => {
    const owner = await newOwner('incomplet');
    const { data: restaurant } = await owner.client.from('restaurants').insert({ name: 'Pas prêt' }).select('id').single();
    const { error, status } = await submit(restaurant!.id, validRequest(externalId('incomplet')));
    expect(status).toBe(422);
    expect(error).toMatchObject({ code: 'restaurant_not_ready', details: null, message: expect.stringMatching(/ne prend pas encore de demandes/) });
    expect(await rowsOf(restaurant!.id)).toEqual({ reservations: 0, conversations: 0, outbox: 0 });
  });
});

describe('submit_group_request: who may call it', () => {
  it('refuses anonymous callers and owners, even for their own restaurant, and nobody but the superuser inserts a reservation', async () => {
    const owner = client();
    expect((await owner.auth.signInWithPassword({ email: copy.email, password: copy.password })).error).toBeNull();
    const before = await rowsOf(lyon);
    for (const caller of [anon(), owner]) {
      const { error } = await submit(lyon, validRequest(externalId('intrus')), caller);
      expect(error?.code).toBe('42501');
      // eslint-disable-next-line no-restricted-syntax -- the write the database must refuse, tried on purpose
      const inserted = await caller
        .from('restaurant_reservations')
        .insert({ restaurant_id: lyon, numero_reservation_restaurateur: 'R-9999', numero_reservation: externalId('TBL'), code_reservation: 'X', number_people: 10 });
      expect(inserted.error?.code).toBe('42501');
    }
    // eslint-disable-next-line no-restricted-syntax -- the write the database must refuse, tried on purpose
    const byService = await service()
      .from('restaurant_reservations')
      .insert({ restaurant_id: lyon, numero_reservation_restaurateur: 'R-9999', numero_reservation: externalId('TBL'), code_reservation: 'X', number_people: 10 });
    expect(byService.error?.code).toBe('42501');
    expect(await rowsOf(lyon)).toEqual(before);
  });

  it('keeps the sender’s functions to the service role, and each owner’s notifications to that owner', async () => {
    const owner = client();
    await owner.auth.signInWithPassword({ email: copy.email, password: copy.password });
    const intruder = (await newOwner('intrus-outbox')).client;
    for (const caller of [anon(), owner, intruder]) {
      expect((await caller.rpc('claim_notifications', { p_limit: 100 })).error?.code).toBe('42501');
      expect((await caller.rpc('finish_notifications', { p_outcomes: [{ id: '00000000-0000-4000-8000-000000000000' }] })).error?.code).toBe('42501');
      expect((await caller.rpc('assistant_key_restaurant', { p_key: 'tbl_x' })).error?.code).toBe('42501');
    }
    await submit(lyon, validRequest(externalId('visible')));
    const own = await owner.from('notification_outbox').select('restaurant_id').eq('restaurant_id', lyon);
    expect(own.data!.length).toBeGreaterThan(0);
    expect((await intruder.from('notification_outbox').select('id').eq('restaurant_id', lyon)).data).toEqual([]);
    expect((await anon().from('notification_outbox').select('id')).error?.code).toBe('42501');
  });
});

describe('check_group_request: what submitting a request would answer, nothing written', () => {
  const check = (restaurantId: string, request: unknown, as: SupabaseClient = service()) => as.rpc('check_group_request', { p_restaurant_id: restaurantId, p_request: request });
  const tomorrowLastYear = new Date(Date.now() - 370 * 86_400_000).toISOString().slice(0, 10);

  it('a valid request: no refusal, and the total, deposit and acceptance check its submission then answers', async () => {
    const request = validRequest(externalId('verifiee'), { adults: 12, children: 2 });
    const before = await rowsOf(lyon);
    const { data: checked, error } = await check(lyon, request);
    expect(error).toBeNull();
    expect(await rowsOf(lyon)).toEqual(before);
    const { data: submitted } = await submit(lyon, request);
    expect(checked!.refusal).toBeNull();
    expect(checked!.request).toMatchObject({
      date: request.date,
      arrival_time: request.arrival_time,
      service: 'dinner',
      adults: 12,
      children: 2,
      total_amount: submitted!.reservation.total_amount,
    });
    expect(checked!.deposit).toEqual(submitted!.deposit);
    expect(checked!.acceptance).toEqual(submitted!.acceptance);
  });

  it('refuses as the submission refuses (the same status, code, field and message), and writes nothing; beside a refusal of the customer or the texts, what the request books', async () => {
    // [request, whether what it books (date, time, group, menu, options) is right]
    const bad: [unknown, boolean][] = [
      [['pas', 'un', 'objet'], false],
      [validRequest(externalId('passee'), { date: tomorrowLastYear }), false],
      [validRequest(externalId('trop'), { adults: 5000 }), false],
      [validRequest(externalId('menu'), { menu_id: '00000000-0000-4000-8000-000000000000' }), false],
      [validRequest(externalId('contact'), { customer: { name: 'Sans Contact' } }), true],
      [validRequest(externalId('heure'), { arrival_time: '03:00' }), false],
      [validRequest(externalId('message'), { message: 'x'.repeat(2001) }), true],
    ];
    const before = await rowsOf(lyon);
    for (const [request, booked] of bad) {
      const { data: checked } = await check(lyon, request);
      const { error, status } = await submit(lyon, request);
      expect(status).toBe(422);
      expect(checked!.refusal).toEqual({ status, code: error!.code, field: error!.details || null, message: error!.message });
      // A page filled in step by step shows its total while the customer's details are still to come.
      if (booked) {
        expect(checked!.request).toMatchObject({ total_amount: expect.any(Number), adults: (request as { adults: number }).adults });
        expect(checked!.deposit).not.toBeNull();
      } else expect({ request: checked!.request, deposit: checked!.deposit }).toEqual({ request: null, deposit: null });
    }
    expect(await rowsOf(lyon)).toEqual(before);
  });

  it('warns as the owner will be warned: a group beyond what the service has left', async () => {
    const request = validRequest(externalId('capacite'));
    const capacity = (limit: number | null) => withDb((db) => db.query('update public.restaurant_hours set dinner_capacity = $2 where restaurant_id = $1', [lyon, limit]));
    const { data: fits } = await check(lyon, request);
    try {
      // One cover fewer than the group with those already confirmed: said, not refused (the owner decides).
      await capacity(fits!.acceptance!.confirmed_covers + Number(request.adults) - 1);
      const { data: beyond } = await check(lyon, request);
      expect(beyond!.refusal).toBeNull();
      expect(beyond!.acceptance).toMatchObject({ day: request.date, service: 'dinner', is_open: true, closed: false, outside_hours: false, covers: Number(request.adults) });
      expect(beyond!.acceptance!.covers_after).toBe(beyond!.acceptance!.capacity! + 1);
      expect(acceptanceWarnings(beyond!.acceptance!)).toEqual([expect.stringMatching(/compterait \d+ couverts pour une capacité de \d+/)]);
      expect(acceptanceWarnings(fits!.acceptance!)).toEqual([]);
    } finally {
      await capacity(fits!.acceptance!.capacity);
    }
  });

  it('is the services’ alone: refused to anonymous callers, to the restaurant’s owner and to another owner', async () => {
    const owner = client();
    expect((await owner.auth.signInWithPassword({ email: copy.email, password: copy.password })).error).toBeNull();
    const intruder = (await newOwner('intrus-verif')).client;
    for (const caller of [anon(), owner, intruder]) {
      const { data, error } = await check(lyon, validRequest(externalId('verif-intrus')), caller);
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
  });
});
