import type { AssistantKnowledge, KnowledgeMenu, KnowledgeService } from '@tablee/domain/assistant-knowledge';
import { faqMentioning, profileAnswer } from '../../src/engine/profile';
import { fold } from '../../src/engine/text';
import { topicWords } from '../../src/engine/topic';

/** A restaurant open Tuesday to Saturday, larger groups on Saturday evening; two group menus, a children's one, one option, one FAQ entry. */
const service = (kind: 'lunch' | 'dinner', min: number, max: number): KnowledgeService => ({
  service: kind,
  from: kind === 'lunch' ? '12:00' : '19:00',
  to: kind === 'lunch' ? '14:00' : '22:30',
  arrival_times: kind === 'lunch' ? ['12:00', '12:30'] : ['19:30', '20:00'],
  group_size: { min, max },
  capacity: null,
  a_la_carte: { allowed: true, max_group_size: 8 },
  partial_privatization: { supplement: false, min_group_size: 10, amount: 0 },
});

const menu = (id: string, name: string, items: KnowledgeMenu['items'], children = false): KnowledgeMenu => ({
  id,
  name,
  price_per_person: children ? 14 : 32,
  menu_type: 'choice',
  content: null,
  available_lunch: true,
  available_dinner: true,
  is_children_menu: children,
  items,
  alternatives: [],
});

const KNOWLEDGE: AssistantKnowledge = {
  version: 2,
  restaurant: { id: 'r', name: 'Le Bouchon', address: '1 rue de la Paix, 69002 Lyon', description: '', url: null },
  first_message: 'Bonjour !',
  first_message_is_default: false,
  contact: { email: null, whatsapp: null, response_time: 'fast', response_time_label: 'rapide' },
  amenities: { ground_floor: true, accessible_to_disabled: true, parking: false, air_conditioning: false, wifi: false, valet_parking: false },
  days: [
    ...['tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, is_open: true, services: [service('lunch', 6, 30), service('dinner', 6, 30)] })),
    { day: 'saturday', is_open: true, services: [service('lunch', 6, 30), service('dinner', 8, 40)] },
    ...['sunday', 'monday'].map((day) => ({ day, is_open: false, services: [] })),
  ],
  closures: [],
  menus: [
    menu('canut', 'Menu Canut', [
      { name: 'Quenelle', type: 'main' },
      { name: 'Île flottante', type: 'dessert' },
    ]),
    menu('bouchon', 'Menu Bouchon', [{ name: 'Bugnes', type: 'dessert' }]),
    menu('enfant', 'Menu Enfant', [{ name: 'Mousse au chocolat', type: 'dessert' }], true),
  ],
  options: [{ id: 'gateau', title: "Gâteau d'anniversaire", price: 35, price_type: 'total' }],
  deposit: { required: false, method: null, type: null, amount: null },
  payment: { on_site: true, online: false, payment_link: null },
  cgv: null,
  faq: [{ question: 'Où se garer ?', answer: 'Le parking des Halles est à deux minutes à pied.' }],
  completeness: { complete: true, missing: [] },
};

const ask = (question: string) => profileAnswer(KNOWLEDGE, question, topicWords(fold(question)));
/** Answers compared with plain spaces (amounts are formatted with no-break ones). */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('profileAnswer', () => {
  it('says the group sizes of each service, and the days that differ', () => {
    expect(ask('Jusqu’à combien de personnes pouvez-vous accueillir ?')).toBe(
      'Le restaurant accueille les groupes au déjeuner de 6 à 30 personnes, et au dîner de 6 à 30 personnes (le samedi : de 8 à 40).',
    );
  });

  it('names an option the question is about, with its price', () => {
    expect(plain(ask("Proposez-vous un gâteau d'anniversaire ?"))).toBe("Oui, le restaurant le propose en option : Gâteau d'anniversaire (35,00 € pour la table). Dites-le dans votre demande.");
    expect(ask('Peut-on venir avec un chien ?')).toBeNull();
  });

  it('lists a course of the group menus', () => {
    expect(ask('vous faites quoi comme desserts ?')).toBe('Les desserts des menus : Menu Canut : Île flottante ; Menu Bouchon : Bugnes.');
  });

  it('names the children’s menu with the menus', () => {
    expect(plain(ask("C'est combien par personne ?"))).toBe(
      'Les menus pour les groupes : Menu Canut (32,00 € par personne) ; Menu Bouchon (32,00 € par personne). Pour les enfants : Menu Enfant (14,00 € par personne).',
    );
  });

  it('gives the address to "c’est où ?"', () => {
    expect(ask("c'est où ?")).toBe('Le restaurant se trouve 1 rue de la Paix, 69002 Lyon.');
  });

  it('says what is asked in advance in the CGV’s word (arrhes unless they say acompte), and what it commits to', () => {
    const askWith = (deposit: AssistantKnowledge['deposit']) => plain(profileAnswer({ ...KNOWLEDGE, deposit }, 'Faut-il verser des arrhes ?', topicWords(fold('Faut-il verser des arrhes ?'))));
    const terms = { required: true, method: 'acompte', type: 'percentage', amount: 30 } as const;
    expect(askWith(terms)).toBe(
      'Une fois la demande acceptée, le restaurant demande des arrhes de 30 % du total pour confirmer la réservation. Ce sont des arrhes : si vous annulez, elles restent acquises au restaurant ; si le restaurant annule, il vous rembourse le double.',
    );
    expect(askWith({ ...terms, type: 'fixed', amount: 150, nature: 'acompte' })).toBe(
      'Une fois la demande acceptée, le restaurant demande un acompte de 150,00 € pour confirmer la réservation. C’est un acompte : il vous engage fermement, et en cas d’annulation le restaurant peut vous demander le prix entier.',
    );
    expect(askWith({ ...terms, method: 'empreinte', type: 'fixed', amount: 20 })).toBe(
      'Une fois la demande acceptée, le restaurant demande une empreinte bancaire de 20,00 € pour garantir la réservation (aucun montant n’est prélevé).',
    );
    expect(ask('Faut-il payer un acompte ?')).toBe('Rien n’est demandé à l’avance pour réserver.');
  });
});

describe('faqMentioning', () => {
  it('finds the FAQ answer that mentions all the question is about', () => {
    expect(faqMentioning(KNOWLEDGE, topicWords(fold('Vous avez un parking ?')))).toBe('Le parking des Halles est à deux minutes à pied.');
    expect(faqMentioning(KNOWLEDGE, topicWords(fold('Vous avez un parking à vélos ?')))).toBeNull();
    expect(faqMentioning(KNOWLEDGE, [])).toBeNull();
  });
});
