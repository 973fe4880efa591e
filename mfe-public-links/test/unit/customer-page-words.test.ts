/**
 * The customer's page's words (features/customer-page/lib): the status, the deadlines as sentences in
 * Paris time, the restaurant's links, the guests' labels, what the headcount form sends, and the
 * guests' saves kept in order.
 */
import type { CustomerPage } from '@tablee/domain/customer-page';
import { changedFields, validateChanges } from '../../src/features/customer-page/lib/changes';
import { SaveQueue } from '../../src/features/customer-page/lib/save-queue';
import {
  cancelCostSentence,
  cancellationSentence,
  deadlinePassedSentence,
  deadlineText,
  dishLabel,
  displayPhone,
  guestLabel,
  isGuestComplete,
  mapHref,
  modificationSentence,
  progressText,
  shortInstant,
  statusWords,
  telHref,
} from '../../src/features/customer-page/lib/words';

/** Intl's narrow no-break spaces (euros) read as plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ');

const NOW = new Date('2026-12-01T09:00:00Z');

const page = (overrides: Partial<CustomerPage> = {}): CustomerPage => ({
  numero: 'H4T8PZ',
  status: 'pending',
  respond_by: '2026-12-08T10:30:00Z',
  created_at: '2026-12-01T08:00:00Z',
  reservation_date: '2026-12-21',
  arrival_time: '12:30',
  service: 'lunch',
  adults: 12,
  children: 2,
  menu: null,
  menu_name: null,
  options: [],
  total_amount: 400,
  deposit: { method: 'acompte', amount: 120, percentage: 30 },
  amount_received_cents: null,
  dietary_notes: null,
  customer: { name: 'Jeanne', email: 'j@exemple.fr', phone: null },
  decision: null,
  restaurant: { name: 'Le Comptoir', address: '12 rue des Halles, 69001 Lyon', phone: '+33478000000', email: 'contact@exemple.fr' },
  payment: null,
  cgv: { cancellation_policy: '48h', modification_policy: '48h', link: null },
  meal_at: '2026-12-21T11:30:00Z',
  modify_until: '2026-12-19T11:00:00Z',
  cancel_free_until: '2026-12-19T11:30:00Z',
  can_change: true,
  can_cancel: true,
  past: false,
  cancellation_cost_cents: 0,
  online_payment: null,
  advance_nature: 'acompte',
  imprint: null,
  guests: [],
  messages: [],
  ...overrides,
});

const decision = (fields: Partial<NonNullable<CustomerPage['decision']>>): CustomerPage['decision'] => ({
  reason: null,
  reason_detail: null,
  proposal: null,
  actor: 'owner',
  deposit: null,
  amount_cents: null,
  at: '2026-12-02T10:00:00Z',
  ...fields,
});

describe('dates, in Paris whatever the machine’s zone', () => {
  it('an instant short, and a deadline in full (the year only when it is not this one)', () => {
    expect(shortInstant('2025-12-09T10:30:00Z')).toBe('mar. 9 déc. 11:30');
    expect(shortInstant('2026-07-01T22:15:00Z')).toBe('jeu. 2 juil. 00:15');
    expect(deadlineText('2026-12-19T11:00:00Z', NOW)).toBe('samedi 19 décembre à 12:00');
    expect(deadlineText('2027-01-02T11:00:00Z', NOW)).toBe('samedi 2 janvier 2027 à 12:00');
  });
});

describe('the status in words', () => {
  it('pending with the promised answer; accepted, paid; past once the meal has begun; a no-show is past', () => {
    expect(statusWords(page()).title).toBe('En attente de réponse — le restaurant s’engage à répondre avant mar. 8 déc. 11:30');
    expect(statusWords(page({ status: 'accepted' })).title).toBe('Acceptée');
    expect(statusWords(page({ status: 'paid' })).title).toBe('Acompte reçu');
    expect(statusWords(page({ status: 'paid', past: true })).title).toBe('Passée');
    expect(statusWords(page({ status: 'accepted', past: true })).title).toBe('Passée');
    expect(statusWords(page({ status: 'no_show', past: true })).title).toBe('Passée');
  });

  it('refused: the reason as a sentence (the owner’s words for « autre »), and the proposal', () => {
    expect(statusWords(page({ status: 'rejected', decision: decision({ reason: 'complet', proposal: 'Le mardi 22 à 12:30' }) }))).toEqual({
      title: 'Refusée',
      details: ['Le restaurant est complet.'],
      proposal: 'Le mardi 22 à 12:30',
    });
    expect(statusWords(page({ status: 'rejected', decision: decision({ reason: 'autre', reason_detail: 'Travaux en salle' }) })).details).toEqual(['Travaux en salle']);
    expect(statusWords(page({ status: 'rejected', decision: decision({ reason: 'groupe_trop_important' }) })).details).toEqual(['Le groupe est trop important pour le restaurant.']);
    expect(statusWords(page({ status: 'rejected', decision: null })).details).toEqual([]);
  });

  it('cancelled by the customer, or by the restaurant with its reason; what became of the acompte', () => {
    expect(statusWords(page({ status: 'cancelled', decision: decision({ actor: 'customer', reason: 'demande_du_client', reason_detail: 'Reporté' }) }))).toEqual({
      title: 'Annulée à votre demande',
      details: [],
      proposal: null,
    });
    const kept = statusWords(page({ status: 'cancelled', decision: decision({ actor: 'customer', reason: 'demande_du_client', deposit: 'kept', amount_cents: 12_000 }) }));
    expect(kept.details.map(plain)).toEqual(['L’acompte versé (120,00 €) reste acquis au restaurant, selon ses conditions d’annulation.']);
    const byRestaurant = statusWords(page({ status: 'cancelled', decision: decision({ reason: 'fermeture_exceptionnelle', deposit: 'refunded', amount_cents: 12_000 }) }));
    expect(byRestaurant.title).toBe('Annulée');
    expect(byRestaurant.details.map(plain)).toEqual(['Le restaurant est exceptionnellement fermé ce jour-là.', 'L’acompte versé vous est remboursé (120,00 €).']);
  });
});

describe('the CGV in plain French', () => {
  it('the deadlines with their dates; after the free cancellation, the acompte stays with the restaurant', () => {
    expect(modificationSentence(page(), NOW)).toBe('Modifiable jusqu’au samedi 19 décembre à 12:00.');
    expect(cancellationSentence(page(), NOW)).toBe('Annulation gratuite jusqu’au samedi 19 décembre à 12:30 ; ensuite l’acompte versé reste acquis au restaurant.');
    expect(cancellationSentence(page({ deposit: null }), NOW)).toBe('Annulation gratuite jusqu’au samedi 19 décembre à 12:30.');
  });

  it('cancelling now: its cost stated first, else free until the deadline, else free', () => {
    expect(plain(cancelCostSentence(page({ status: 'paid', cancellation_cost_cents: 12_000 }), NOW))).toBe(
      'Annuler maintenant coûte l’acompte versé de 120,00 €, conservé par le restaurant selon ses conditions d’annulation.',
    );
    // Arrhes (the CGV's default nature): the word and its agreement follow.
    expect(plain(cancelCostSentence(page({ status: 'paid', cancellation_cost_cents: 12_000, advance_nature: 'arrhes' }), NOW))).toBe(
      'Annuler maintenant coûte les arrhes versées de 120,00 €, conservées par le restaurant selon ses conditions d’annulation.',
    );
    expect(statusWords(page({ status: 'paid', advance_nature: 'arrhes' })).title).toBe('Arrhes reçues');
    expect(cancelCostSentence(page(), NOW)).toBe('L’annulation est gratuite jusqu’au samedi 19 décembre à 12:30.');
    expect(cancelCostSentence(page(), new Date('2026-12-20T10:00:00Z'))).toBe('L’annulation est gratuite.');
  });

  it('after the modification deadline: the restaurant’s phone to call', () => {
    expect(deadlinePassedSentence(page())).toBe('Le délai de modification est passé : pour tout changement, appelez le restaurant au 04 78 00 00 00.');
    expect(deadlinePassedSentence(page({ restaurant: { name: 'X', address: '', phone: null, email: 'x@exemple.fr' } }))).toBe(
      'Le délai de modification est passé : pour tout changement, écrivez au restaurant (x@exemple.fr).',
    );
  });
});

describe('the restaurant’s links and the guests', () => {
  it('phone, tel: and the map', () => {
    expect(displayPhone('+33478000000')).toBe('04 78 00 00 00');
    expect(displayPhone('06.12.34.56.78')).toBe('06 12 34 56 78');
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(telHref('04 78 00 00 00')).toBe('tel:0478000000');
    expect(mapHref('12 rue des Halles, 69001 Lyon')).toBe('https://www.openstreetmap.org/search?query=12%20rue%20des%20Halles%2C%2069001%20Lyon');
  });

  it('a guest’s label and dishes, who is filled in, and the progress', () => {
    expect(guestLabel(3, null)).toBe('Convive 3');
    expect(guestLabel(3, '  ')).toBe('Convive 3');
    expect(guestLabel(3, 'Léa')).toBe('Léa');
    expect(dishLabel({ name: 'Risotto', gluten_free: true, vegan: true, notes: 'sans lactose' })).toBe('Risotto — sans gluten, vegan, sans lactose');
    expect(dishLabel({ name: 'Quenelle', gluten_free: false, vegan: false, notes: null })).toBe('Quenelle');
    const courses = [
      { course: 'starter' as const, dishes: [{ name: 'Œuf', gluten_free: false, vegan: false, notes: null }] },
      { course: 'main' as const, dishes: [{ name: 'Quenelle', gluten_free: false, vegan: false, notes: null }] },
      { course: 'dessert' as const, dishes: [] },
    ];
    expect(isGuestComplete({ choices: { starter: 'Œuf', main: 'Quenelle' } }, courses)).toBe(true);
    expect(isGuestComplete({ choices: { starter: 'Œuf' } }, courses)).toBe(false);
    expect(isGuestComplete(undefined, courses)).toBe(false);
    expect(progressText(9, 14)).toBe('9 convives sur 14 renseignés');
    expect(progressText(1, 14)).toBe('1 convive sur 14 renseigné');
    expect(progressText(0, 14)).toBe('0 convive sur 14 renseigné');
  });
});

describe('the headcount form', () => {
  it('checks the counts and the allergies’ length, and sends only what changed', () => {
    expect(validateChanges({ adults: '0', children: '', dietary_notes: '' })).toEqual({ adults: 'Indiquez le nombre d’adultes (au moins 1).' });
    expect(validateChanges({ adults: '12', children: '-1', dietary_notes: 'x'.repeat(1001) })).toEqual({
      children: 'Indiquez le nombre d’enfants (0 s’il n’y en a pas).',
      dietary_notes: 'Les allergies et régimes dépassent 1 000 caractères.',
    });
    const shown = { adults: 12, children: 2, dietary_notes: 'Noix' };
    expect(changedFields(shown, { adults: '12', children: '2', dietary_notes: 'Noix ' })).toEqual({});
    expect(changedFields(shown, { adults: '14', children: '', dietary_notes: '' })).toEqual({ adults: 14, children: 0, dietary_notes: null });
  });
});

describe('the guests’ saves', () => {
  /** The promise callbacks run (no time passes: only what is already resolved goes on). */
  const settle = async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };

  /** A send whose answers the test releases, in any order. */
  function controlled() {
    const calls: { key: number; value: string; answer: (result: string) => void }[] = [];
    const send = (key: number, value: string) => new Promise<string>((answer) => calls.push({ key, value, answer }));
    return { calls, send };
  }

  it('one at a time, in order; edits made while one is out replace the waiting value of that guest', async () => {
    const { calls, send } = controlled();
    const done: [number, string, string, boolean][] = [];
    const queue = new SaveQueue<number, string, string>(send, (key, value, result, superseded) => done.push([key, value, result, superseded]));
    queue.save(1, 'a');
    queue.save(1, 'b');
    queue.save(2, 'x');
    queue.save(1, 'c');
    expect(calls.map((c) => [c.key, c.value])).toEqual([[1, 'a']]);
    expect(queue.busy).toBe(true);
    calls[0].answer('page after a');
    await settle();
    // 'b' was replaced by 'c' before leaving, and guest 1 is queued behind guest 2 (its latest edit).
    expect(calls.map((c) => [c.key, c.value])).toEqual([
      [1, 'a'],
      [2, 'x'],
    ]);
    expect(done).toEqual([[1, 'a', 'page after a', true]]);
    calls[1].answer('page after x');
    await settle();
    expect(calls.map((c) => [c.key, c.value])).toEqual([
      [1, 'a'],
      [2, 'x'],
      [1, 'c'],
    ]);
    calls[2].answer('page after c');
    await settle();
    expect(done).toEqual([
      [1, 'a', 'page after a', true],
      [2, 'x', 'page after x', false],
      [1, 'c', 'page after c', false],
    ]);
    expect(queue.busy).toBe(false);
  });
});
