/**
 * The customer's own page (/ma-reservation/{token}) against the run's local-supabase: rendered by the
 * module's routes at the page's address, it reads public.customer_reservation with the anon key, and
 * its writes (the headcount, each guest's dishes, the cancellation with its cost stated first, a word
 * to the restaurant) are read back from the database. Each test makes its own request at the file's own
 * restaurant (a new owner, the sample profile: Menu Découverte, a choice menu), as the chatbot submits it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros, setAppConfig } from '@tablee/shared/core';
import { anon, newOwner, service, withDb } from '../../../local-supabase/test/clients';
import { fillProfile, must } from '../../../local-supabase/test/fixtures';
import { submitGroupRequest } from '../../../local-supabase/test/reservations';
import { renderLink } from '../render';

const RESERVATION_API = 'http://127.0.0.1:9/api';
const STATUS = { accepted: 1, rejected: 2, paid: 3, cancelled: 4 } as const;
const NOT_FOUND = "Ce lien ne correspond à aucune réservation. Vérifiez qu'il est complet, ou contactez le restaurant.";

type Owner = Awaited<ReturnType<typeof newOwner>>;
let owner: Owner;
let restaurantId: string;
let menuId: string;

beforeAll(async () => {
  setAppConfig({ supabaseUrl: process.env.TEST_SUPABASE_URL!, supabaseAnonKey: process.env.TEST_SUPABASE_ANON_KEY!, reservationApiUrl: RESERVATION_API, remotes: {} });
  owner = await newOwner('customer-page-ui');
  ({ id: restaurantId } = await must(owner.client.from('restaurants').insert({ name: 'Le Bouchon des Convives' }).select('id').single()));
  await fillProfile(owner.client, restaurantId, 'Le Bouchon des Convives');
  ({ id: menuId } = await must(owner.client.from('restaurant_menus').select('id').eq('restaurant_id', restaurantId).eq('name', 'Menu Découverte').single()));
  // 'Téléphone du restaurant': the number the page gives once the modification deadline has passed.
  await withDb((db) => db.query("update public.restaurant_contacts set phone = '+33478000000' where restaurant_id = $1", [restaurantId]));
  // Its CGV call the sums paid in advance an acompte (the arrhes' words: the unit tests and e2e/test/stripe-payment.test.ts).
  await withDb((db) => db.query("update public.restaurant_cgv set advance_payment_nature = 'acompte' where restaurant_id = $1", [restaurantId]));
}, 45_000);

/** A Monday at least three weeks ahead (Paris): open at lunch in the sample hours, far from any deadline. */
function mondayAhead(): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 21);
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A request of 12 adults for the Menu Découverte three weeks ahead, and its page's token (drawn with the service role). */
async function request(fields: Record<string, unknown> = {}) {
  const submitted = await submitGroupRequest(restaurantId, { date: mondayAhead(), arrival_time: '12:00', adults: 12, menu_id: menuId, ...fields });
  const rows = (await must(service().rpc('customer_page_tokens', { p_reservation_ids: [submitted.id] }))) as { token: string }[];
  return { ...submitted, token: rows[0].token };
}

const transition = (id: string, status: number, fields: Record<string, unknown> = {}) =>
  must(service().rpc('transition_reservation_by_id', { p_reservation_id: id, p_target_status: status, ...fields }));

/** The meal 23 hours from now (Paris): both CGV deadlines (modification 24 h, cancellation 48 h) have passed, the meal has not begun. */
const moveToTomorrow = (id: string) =>
  withDb((db) =>
    db.query(
      `update public.restaurant_reservations
          set reservation_date = ((now() + interval '23 hours') at time zone 'Europe/Paris')::date,
              arrival_time = date_trunc('minute', (now() + interval '23 hours') at time zone 'Europe/Paris')::time
        where id = $1`,
      [id],
    ),
  );

const rowOf = (id: string) =>
  withDb(
    async (db) =>
      (await db.query('select status, number_people, children, dietary_notes, (amount_received_cents / 100.0)::float8 as received from public.restaurant_reservations where id = $1', [id]))
        .rows[0],
  );
const guestsOf = (id: string) =>
  withDb(async (db) => (await db.query('select guest_number, name, choices, allergies from public.reservation_guests where reservation_id = $1 order by guest_number', [id])).rows);

/** Euros as the page prints them; the matcher reads every space as a plain one. */
const euros = (amount: number) => formatEuros(amount).replace(/\s/g, ' ');

const open = async (token: string) => {
  renderLink(`/ma-reservation/${token}`);
  return screen.findByRole('heading', { level: 1, name: /^Votre réservation chez/ });
};

describe('what the page shows', () => {
  it('a pending request: the status with the promised answer, the details, the restaurant, the CGV with their dates, the calendar', async () => {
    // The owner keeps customers' data 24 months: the privacy notice says so.
    await must(owner.client.from('restaurants').update({ customer_retention_months: 24 }).eq('id', restaurantId).select('id'));
    const r = await request({ dietary_notes: 'Une allergie aux noix' });
    renderLink(`/ma-reservation/${r.token}`);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Votre réservation chez Le Bouchon des Convives');
    const status = screen.getByRole('region', { name: 'Statut de la réservation' });
    expect(status).toHaveTextContent(/^En attente de réponse — le restaurant s’engage à répondre avant [a-z]{3,4}\. \d{1,2} [a-zéû]+\.? \d\d:\d\d$/);
    expect(screen.getByText(r.codeReservation)).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Détails' });
    const longDate = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${mondayAhead()}T12:00:00`));
    expect(details).toHaveTextContent(`Date${longDate}`);
    expect(details).toHaveTextContent('Heure d’arrivée12:00');
    expect(details).toHaveTextContent('Adultes12');
    expect(details).toHaveTextContent('Menu Découverte');
    expect(details).toHaveTextContent('Allergies et régimesUne allergie aux noix');
    const sql = await withDb(async (db) => (await db.query('select total_amount::float8 as total from public.restaurant_reservations where id = $1', [r.id])).rows[0]);
    expect(details).toHaveTextContent(`Total${euros(sql.total)}`);
    // The sample's terms: an acompte of 30 % of the total, asked once the restaurant accepts.
    expect(details).toHaveTextContent(`Si le restaurant accepte, un acompte de ${euros(Math.round(sql.total * 30) / 100)} (30 % du total) vous sera demandé`);
    expect(within(details).getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute('href', `${RESERVATION_API}/customer/${r.token}/calendar.ics`);

    const restaurant = screen.getByRole('region', { name: 'Le restaurant' });
    expect(restaurant).toHaveTextContent('12 rue des Halles, 69001 Lyon');
    expect(within(restaurant).getByRole('link', { name: 'Voir sur le plan' })).toHaveAttribute('href', expect.stringContaining('openstreetmap.org/search?query=12%20rue%20des%20Halles'));
    expect(within(restaurant).getByRole('link', { name: '04 78 00 00 00' })).toHaveAttribute('href', 'tel:+33478000000');
    expect(within(restaurant).getByRole('link', { name: 'contact@exemple.fr' })).toHaveAttribute('href', 'mailto:contact@exemple.fr');

    const terms = screen.getByRole('region', { name: 'Conditions de modification et d’annulation' });
    expect(terms).toHaveTextContent(/Modifiable jusqu’au (lundi|dimanche) \d{1,2} [a-zéû]+ à \d\d:\d\d\./);
    expect(terms).toHaveTextContent(/Annulation gratuite jusqu’au samedi \d{1,2} [a-zéû]+ à 12:00 ; ensuite l’acompte versé reste acquis au restaurant\./);
    expect(within(terms).getByRole('link', { name: 'Conditions générales de vente du restaurant' })).toHaveAttribute('href', 'https://exemple.fr/cgv.pdf');

    // The privacy notice: the restaurant is the controller, with its contact; its retention; the rights and the CNIL.
    const privacy = screen.getByRole('region', { name: 'Vos données personnelles' });
    expect(privacy).toHaveTextContent('Responsable du traitement : Le restaurant Le Bouchon des Convives, joignable à contact@exemple.fr ou 04 78 00 00 00.');
    expect(privacy).toHaveTextContent('les allergies et régimes alimentaires que vous indiquez');
    expect(privacy).toHaveTextContent('Durée de conservation : 24 mois (2 ans) après votre dernière réservation ou votre dernier contact');
    expect(privacy).toHaveTextContent('accès, rectification, effacement et portabilité de vos données : demandez-les en écrivant au restaurant (contact@exemple.fr ou 04 78 00 00 00).');
    expect(privacy).toHaveTextContent('réclamation à la CNIL');
  });

  it('refused: the reason in words and the restaurant’s proposal; nothing to change or cancel', async () => {
    const r = await request();
    await transition(r.id, STATUS.rejected, { p_reason: 'complet', p_proposal: 'Le mardi suivant à 12:15' });
    await open(r.token);
    const status = screen.getByRole('region', { name: 'Statut de la réservation' });
    expect(status).toHaveTextContent('Refusée');
    expect(status).toHaveTextContent('Le restaurant est complet.');
    expect(status).toHaveTextContent('Le restaurant vous propose : Le mardi suivant à 12:15');
    expect(screen.queryByRole('button', { name: 'Enregistrer les modifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Annuler la réservation/ })).not.toBeInTheDocument();
  });

  it('a wrong token: the database’s French message, and no reservation', async () => {
    const r = await request();
    const wrong = r.token.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    renderLink(`/ma-reservation/${wrong}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND);
    expect(screen.queryByText(r.codeReservation)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Détails' })).not.toBeInTheDocument();
  });
});

describe('changes until the modification deadline', () => {
  it('the headcount and allergies: saved in the database; a group the restaurant does not take, refused on its field, what was typed kept', async () => {
    const user = userEvent.setup();
    const r = await request();
    await open(r.token);
    const adults = screen.getByLabelText('Adultes');
    await user.clear(adults);
    await user.type(adults, '40');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(adults).toHaveAccessibleDescription('Le restaurant accueille les groupes de 2 à 30 personnes au déjeuner ce jour-là.'));
    expect(adults).toHaveValue(40);
    expect(adults).toHaveAttribute('aria-invalid', 'true');
    expect(await rowOf(r.id)).toMatchObject({ number_people: 12, children: 0 });

    await user.clear(adults);
    await user.type(adults, '14');
    await user.clear(screen.getByLabelText('Enfants'));
    await user.type(screen.getByLabelText('Enfants'), '1');
    await user.type(screen.getByLabelText('Allergies et régimes'), 'Deux sans gluten');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByText('Modifications enregistrées. Le restaurant en est informé.')).toBeInTheDocument();
    expect(await rowOf(r.id)).toMatchObject({ number_people: 14, children: 1, dietary_notes: 'Deux sans gluten' });
    // The page shows the database's answer: the details and the guests' count follow.
    expect(screen.getByRole('region', { name: 'Détails' })).toHaveTextContent('Adultes14');
    expect(screen.getByText('0 convive sur 15 renseigné')).toBeInTheDocument();
  });

  it('each guest’s dishes: saved a guest at a time as they are chosen, the last choice winning; the progress counts those filled in', async () => {
    const user = userEvent.setup();
    const r = await request({ adults: 3 });
    await open(r.token);
    const guests = screen.getByRole('region', { name: 'Choix des convives' });
    expect(guests).toHaveTextContent('0 convive sur 3 renseigné');
    expect(within(guests).getByRole('group', { name: 'Convive 1 sur 3' })).toBeInTheDocument();
    // Dishes with their diets.
    expect(within(guests).getByRole('option', { name: 'Risotto aux cèpes — sans gluten, sans lactose' })).toBeInTheDocument();

    await user.type(within(guests).getByLabelText('Nom (facultatif)'), 'Léa');
    await user.selectOptions(within(guests).getByLabelText('Entrée'), 'Œuf meurette');
    // Changed at once, while the first save may still be out: only the last one stays.
    await user.selectOptions(within(guests).getByLabelText('Plat'), 'Quenelle de brochet');
    await user.selectOptions(within(guests).getByLabelText('Plat'), 'Risotto aux cèpes');
    await user.selectOptions(within(guests).getByLabelText('Boisson'), 'Côtes-du-Rhône');
    await waitFor(() => expect(guests).toHaveTextContent('1 convive sur 3 renseigné'));
    await waitFor(() => expect(within(guests).getByRole('status')).toHaveTextContent('Léa : enregistré.'));
    expect(await guestsOf(r.id)).toEqual([{ guest_number: 1, name: 'Léa', choices: { starter: 'Œuf meurette', main: 'Risotto aux cèpes', drink: 'Côtes-du-Rhône' }, allergies: null }]);

    // The next guest, unnamed: 'Convive 2'; allergies saved when the field is left.
    await user.click(within(guests).getByRole('button', { name: 'Convive suivant' }));
    expect(within(guests).getByRole('group', { name: 'Convive 2 sur 3' })).toBeInTheDocument();
    expect(within(guests).getByLabelText('Plat')).toHaveValue('');
    await user.type(within(guests).getByLabelText('Allergies'), 'Arachides');
    await user.selectOptions(within(guests).getByLabelText('Plat'), 'Quenelle de brochet');
    await waitFor(() => expect(within(guests).getByRole('status')).toHaveTextContent('Convive 2 : enregistré.'));
    await waitFor(async () => expect((await guestsOf(r.id))[1]).toEqual({ guest_number: 2, name: null, choices: { main: 'Quenelle de brochet' }, allergies: 'Arachides' }));
    expect(guests).toHaveTextContent('1 convive sur 3 renseigné');
    expect(within(guests).getByRole('option', { name: '1. Léa — renseigné' })).toBeInTheDocument();

    // Back to the first: as saved.
    await user.click(within(guests).getByRole('button', { name: 'Convive précédent' }));
    expect(within(guests).getByLabelText('Nom (facultatif)')).toHaveValue('Léa');
    expect(within(guests).getByLabelText('Plat')).toHaveValue('Risotto aux cèpes');
  });

  it('after the deadline: no form, the restaurant’s number to call', async () => {
    const r = await request();
    await moveToTomorrow(r.id);
    await open(r.token);
    expect(screen.getByText('Le délai de modification est passé : pour tout changement, appelez le restaurant au 04 78 00 00 00.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Adultes')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Choix des convives' })).not.toBeInTheDocument();
  });
});

describe('cancellation', () => {
  it('paid, after the free cancellation: the cost is stated before confirming, the reason required, the acompte kept', async () => {
    const user = userEvent.setup();
    const r = await request();
    await transition(r.id, STATUS.accepted);
    await transition(r.id, STATUS.paid);
    await moveToTomorrow(r.id);
    const { received } = await rowOf(r.id);
    expect(received).toBeGreaterThan(0);
    await open(r.token);
    expect(screen.getByRole('region', { name: 'Statut de la réservation' })).toHaveTextContent('Acompte reçu');
    expect(screen.getByRole('region', { name: 'Détails' })).toHaveTextContent(`Acompte reçu : ${euros(received)}.`);

    await user.click(screen.getByRole('button', { name: 'Annuler la réservation…' }));
    const cost = `Annuler maintenant coûte l’acompte versé de ${euros(received)}, conservé par le restaurant selon ses conditions d’annulation.`;
    expect(screen.getByText((_, element) => element?.classList.contains('cp-cost') === true)).toHaveTextContent(cost);
    // Nothing sent yet: the reason first.
    await user.click(screen.getByRole('button', { name: 'Confirmer l’annulation et ses frais' }));
    expect(screen.getByLabelText('Raison de l’annulation')).toHaveAccessibleDescription('Indiquez la raison de l’annulation.');
    expect(await rowOf(r.id)).toMatchObject({ status: STATUS.paid });

    await user.type(screen.getByLabelText('Raison de l’annulation'), 'Le séminaire est reporté');
    await user.click(screen.getByRole('button', { name: 'Confirmer l’annulation et ses frais' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Statut de la réservation' })).toHaveTextContent('Annulée à votre demande'));
    expect(screen.getByRole('region', { name: 'Statut de la réservation' })).toHaveTextContent(`L’acompte versé (${euros(received)}) reste acquis au restaurant`);
    expect(screen.getByRole('region', { name: 'Statut de la réservation' })).toHaveFocus();
    expect(await rowOf(r.id)).toMatchObject({ status: STATUS.cancelled });
    const event = await withDb(
      async (db) =>
        (await db.query('select actor, reason_detail, deposit, (amount_cents / 100.0)::float8 as amount from public.reservation_events where reservation_id = $1 and to_status = 4', [r.id]))
          .rows[0],
    );
    expect(event).toEqual({ actor: 'customer', reason_detail: 'Le séminaire est reporté', deposit: 'kept', amount: received });
  });

  it('the cost changed while the step was open (the deadline passed): SQL’s message, the new cost stated, nothing cancelled until confirmed again', async () => {
    const user = userEvent.setup();
    const r = await request();
    await transition(r.id, STATUS.accepted);
    await transition(r.id, STATUS.paid);
    await open(r.token);
    await user.click(screen.getByRole('button', { name: 'Annuler la réservation…' }));
    expect(screen.getByText(/^L’annulation est gratuite jusqu’au samedi \d{1,2} [a-zéû]+ à 12:00\.$/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Raison de l’annulation'), 'Imprévu');

    await moveToTomorrow(r.id);
    const { received } = await rowOf(r.id);
    await user.click(screen.getByRole('button', { name: 'Confirmer l’annulation' }));
    const alert = await screen.findByText(`Annuler maintenant coûte l'acompte versé (${received.toFixed(2).replace('.', ',')} €), conservé par le restaurant selon ses conditions d'annulation.`);
    expect(alert).toBeInTheDocument();
    // The page read again: the new cost stated, the reason kept.
    expect(await screen.findByRole('button', { name: 'Confirmer l’annulation et ses frais' })).toBeInTheDocument();
    expect(
      screen.getByText(`Annuler maintenant coûte l’acompte versé de ${euros(received)}, conservé par le restaurant selon ses conditions d’annulation.`, {
        normalizer: (t) => t.replace(/\s/g, ' '),
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Raison de l’annulation')).toHaveValue('Imprévu');
    expect(await rowOf(r.id)).toMatchObject({ status: STATUS.paid });

    await user.click(screen.getByRole('button', { name: 'Confirmer l’annulation et ses frais' }));
    await waitFor(async () => expect(await rowOf(r.id)).toMatchObject({ status: STATUS.cancelled }));
  });
});

describe('a word to the restaurant', () => {
  it('the conversation: the customer’s words as « Vous », the restaurant’s answers with their author', async () => {
    const r = await request();
    await must(anon().rpc('customer_write_to_restaurant', { p_token: r.token, p_text: 'Une question sur le parking' }));
    const { conversation_id } = await must(service().from('restaurant_reservations').select('conversation_id').eq('id', r.id).single());
    await must(owner.client.rpc('reply_to_conversation', { p_conversation_id: conversation_id, p_text: 'Un parking public est à 200 m.' }));
    await open(r.token);
    const items = within(screen.getByRole('list', { name: 'Vos échanges avec le restaurant' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/^Vous · .*Une question sur le parking$/);
    expect(items[1]).toHaveTextContent(new RegExp(`^Restaurant — ${owner.email.replace(/[.+]/g, '\\$&')} · .*Un parking public est à 200 m\\.$`));
  });

  it('sent into the request’s conversation, shown as yours; refused empty', async () => {
    const user = userEvent.setup();
    const r = await request();
    await open(r.token);
    const box = screen.getByLabelText('Votre message');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(box).toHaveAccessibleDescription(/Écrivez votre message avant de l’envoyer\./);
    await user.type(box, 'Pouvons-nous venir avec un chien ?');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    const conversation = await screen.findByRole('list', { name: 'Vos échanges avec le restaurant' });
    expect(conversation).toHaveTextContent(/^Vous · .*Pouvons-nous venir avec un chien \?$/);
    expect(box).toHaveValue('');
    const stored = await withDb(
      async (db) =>
        (
          await db.query('select m.role, m.content from public.messages m join public.restaurant_reservations r on r.conversation_id = m.conversation_id where r.id = $1 order by m.created_at', [
            r.id,
          ])
        ).rows,
    );
    expect(stored).toEqual([{ role: 'user', content: 'Pouvons-nous venir avec un chien ?' }]);
  });
});
