/**
 * What the owner's profile says, in the assistant's French: the restaurant's facts (amenities,
 * address, hours, menus, arrhes or acompte, cancellation) as answers to a customer's question, and the days,
 * times and group sizes it takes, which the dialogue proposes when a request does not fit. Nothing
 * here invents: a fact the profile does not state answers null, and the question goes to the restaurant.
 */
import type { AssistantKnowledge, KnowledgeMenu, KnowledgeOption, KnowledgeService, ServiceKind } from '@tablee/domain/assistant-knowledge';
import { ADVANCE_WORDS } from '@tablee/domain/deposit';
import { ADVANCE_NATURES, DEFAULT_ADVANCE_NATURE } from '@tablee/domain/payments';
import { POLICY_LABELS, type Policy } from '@tablee/domain/types';
import { formatEuros, formatLongDate } from '@tablee/shared/format';
import { fold, normalize } from './text';
import { isAbout, mentionsAll, topicWords } from './topic';

export const SERVICE_WORDS: Record<ServiceKind, string> = { lunch: 'déjeuner', dinner: 'dîner' };
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const WEEKDAY_WORDS: Record<string, string> = {
  monday: 'lundi',
  tuesday: 'mardi',
  wednesday: 'mercredi',
  thursday: 'jeudi',
  friday: 'vendredi',
  saturday: 'samedi',
  sunday: 'dimanche',
};

/** The weekday ('monday'…) of a calendar day 'YYYY-MM-DD'. */
export const weekdayOf = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * What the restaurant asks in advance, in the CGV's word (arrhes unless they say acompte) and what it
 * commits the customer to, or the card imprint; that nothing is asked when nothing is.
 */
export function depositAnswer(deposit: AssistantKnowledge['deposit']): string {
  if (!deposit.required || !deposit.method || deposit.amount === null) return 'Rien n’est demandé à l’avance pour réserver.';
  const much = deposit.type === 'percentage' ? `${deposit.amount} % du total` : formatEuros(deposit.amount);
  if (deposit.method === 'empreinte') return `Une fois la demande acceptée, le restaurant demande une empreinte bancaire de ${much} pour garantir la réservation (aucun montant n’est prélevé).`;
  const nature = deposit.nature ?? DEFAULT_ADVANCE_NATURE;
  return `Une fois la demande acceptée, le restaurant demande ${ADVANCE_WORDS[nature].a} de ${much} pour confirmer la réservation. ${ADVANCE_NATURES[nature].consequence}`;
}

/** The services the restaurant takes groups at on a day: open that weekday, not closed that date. */
export function servicesOn(knowledge: AssistantKnowledge, date: string): KnowledgeService[] {
  const day = knowledge.days.find((d) => d.day === weekdayOf(date) && d.is_open);
  const closed = knowledge.closures.find((c) => c.date === date)?.services ?? [];
  return (day?.services ?? []).filter((s) => s.arrival_times.length > 0 && !closed.includes(s.service));
}

/** The next `count` days after `from` when `service` (or any service) takes groups: what to propose instead. */
export function nextOpenDays(knowledge: AssistantKnowledge, from: string, service: ServiceKind | undefined, count = 3): string[] {
  const found: string[] = [];
  for (let add = 1; add <= 90 && found.length < count; add += 1) {
    const date = addDays(from, add);
    if (servicesOn(knowledge, date).some((s) => !service || s.service === service)) found.push(date);
  }
  return found;
}

/** 'samedi 12 décembre 2026' */
export const longDate = (date: string) => formatLongDate(date);

/** '19:00, 19:30 ou 20:00' */
export function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ou ${items[items.length - 1]}`;
}

export const menuLine = (menu: KnowledgeMenu) => `${menu.name} (${formatEuros(menu.price_per_person)} par personne)`;

/** The menus a group may choose at a service (the children's menu aside: it goes with the children). */
export function menusFor(knowledge: AssistantKnowledge, service: ServiceKind | undefined): KnowledgeMenu[] {
  return knowledge.menus.filter((m) => !m.is_children_menu && (!service || (service === 'lunch' ? m.available_lunch : m.available_dinner)));
}

function hours(knowledge: AssistantKnowledge): string {
  const lines = knowledge.days
    .filter((d) => d.is_open && d.services.length > 0)
    .map((d) => `${WEEKDAY_WORDS[d.day]} : ${d.services.map((s) => `${SERVICE_WORDS[s.service]} de ${s.from} à ${s.to}`).join(', ')}`);
  return lines.length ? `Le restaurant accueille les groupes le ${lines.join(' ; ')}.` : '';
}

/** 'de 6 à 30 personnes (le samedi : de 8 à 40)': a service's group sizes, the most common first, the days that differ after. */
function sizesOf(knowledge: AssistantKnowledge, service: ServiceKind): string | null {
  const byRange = new Map<string, string[]>();
  for (const day of knowledge.days.filter((d) => d.is_open)) {
    const found = day.services.find((s) => s.service === service && s.arrival_times.length > 0);
    if (!found) continue;
    const range = `de ${found.group_size.min} à ${found.group_size.max}`;
    byRange.set(range, [...(byRange.get(range) ?? []), WEEKDAY_WORDS[day.day]]);
  }
  const [usual, ...others] = [...byRange.entries()].sort((a, b) => b[1].length - a[1].length);
  if (!usual) return null;
  const exceptions = others.map(([range, days]) => `le ${days.join(', le ')} : ${range}`);
  return `${usual[0]} personnes${exceptions.length ? ` (${exceptions.join(' ; ')})` : ''}`;
}

function groupSizes(knowledge: AssistantKnowledge): string | null {
  const said = (['lunch', 'dinner'] as const).flatMap((service) => {
    const sizes = sizesOf(knowledge, service);
    return sizes ? [`au ${SERVICE_WORDS[service]} ${sizes}`] : [];
  });
  return said.length ? `Le restaurant accueille les groupes ${said.join(', et ')}.` : null;
}

/**
 * The profile's facts, each with the words that ask for it (normalised: no accents, lower case) and
 * its answer, or null when the profile does not say (an amenity not ticked is not a "no").
 */
const FACTS: { asks: RegExp; answer: (k: AssistantKnowledge) => string | null }[] = [
  {
    asks: /parking|garer|stationn|voiturier/,
    answer: (k) =>
      k.amenities.parking
        ? `Oui, le restaurant dispose d'un parking${k.amenities.valet_parking ? ', avec voiturier' : ''}.`
        : k.amenities.valet_parking
          ? 'Oui, un voiturier est à votre disposition.'
          : null,
  },
  {
    asks: /handicap|fauteuil|pmr|mobilite reduite|accessib/,
    answer: (k) => (k.amenities.accessible_to_disabled ? `Oui, le restaurant est accessible aux personnes à mobilité réduite${k.amenities.ground_floor ? ', de plain-pied' : ''}.` : null),
  },
  { asks: /wifi|wi-fi/, answer: (k) => (k.amenities.wifi ? 'Oui, le Wi-Fi est disponible.' : null) },
  { asks: /clim/, answer: (k) => (k.amenities.air_conditioning ? 'Oui, la salle est climatisée.' : null) },
  {
    asks: /adresse|ou se trouve|ou etes|ou est le restaurant|situe|c'?est ou|^ou (?:ca|c'?est)/,
    answer: (k) => (k.restaurant.address ? `Le restaurant se trouve ${k.restaurant.address}.` : null),
  },
  { asks: /horaire|heures d'ouverture|ouvert|ferme/, answer: (k) => hours(k) || null },
  {
    asks: /acompte|arrhes|caution|empreinte|garantie|payer d'avance|paiement/,
    answer: ({ deposit }) => depositAnswer(deposit),
  },
  {
    asks: /annul|rembours|modifi/,
    answer: (k) =>
      k.cgv
        ? `Annulation : jusqu'à ${POLICY_LABELS[k.cgv.cancellation_policy as Policy] ?? k.cgv.cancellation_policy} avant le repas ; modification : jusqu'à ${POLICY_LABELS[k.cgv.modification_policy as Policy] ?? k.cgv.modification_policy} avant.${k.cgv.link ? ` Les conditions complètes : ${k.cgv.link}` : ''}`
        : null,
  },
  {
    asks: /menu|prix|tarif|combien coute|carte|formule|c'?est combien|combien par personne|combien ca coute/,
    answer: (k) => {
      const menus = menusFor(k, undefined);
      const children = k.menus.filter((m) => m.is_children_menu);
      const forChildren = children.length ? ` Pour les enfants : ${children.map(menuLine).join(' ; ')}.` : '';
      return menus.length ? `Les menus pour les groupes : ${menus.map(menuLine).join(' ; ')}.${forChildren}` : null;
    },
  },
  {
    asks: /vegan|vegetalien|vegetarien|gluten|allerg|halal|regime/,
    answer: (k) => {
      const adapted = k.menus.flatMap((m) => m.alternatives.filter((a) => a.is_vegan || a.is_gluten_free || a.other_dietary_notes).map((a) => ({ menu: m.name, a })));
      if (!adapted.length) return null;
      const said = adapted.map(({ menu, a }) => `${a.name} (${[a.is_vegan && 'végan', a.is_gluten_free && 'sans gluten', a.other_dietary_notes].filter(Boolean).join(', ')}, ${menu})`);
      return `Oui : ${said.join(' ; ')}. Indiquez les allergies dans la demande, le restaurant en tiendra compte.`;
    },
  },
  {
    asks: /combien de (?:personnes|pers|convives|couverts|places|gens)|capacite|taille (?:du|des|de|d'un) groupe|(?:groupes?|personnes|nombre) (?:max|min)|maximum|minimum|jusqu'?\s?a combien|a partir de combien|groupes? de combien/,
    answer: groupSizes,
  },
];

const optionLine = (option: KnowledgeOption) => `${option.title} (${formatEuros(option.price)} ${option.price_type === 'per_person' ? 'par personne' : 'pour la table'})`;

/** The extras the owner offers that the question is about ('un gâteau d'anniversaire ?'), or null. */
function optionsAnswer(knowledge: AssistantKnowledge, topic: string[]): string | null {
  const offered = knowledge.options.filter((option) => isAbout(topic, topicWords(fold(option.title))));
  return offered.length ? `Oui, le restaurant le propose en option : ${offered.map(optionLine).join(' ; ')}. Dites-le dans votre demande.` : null;
}

/** The courses a customer asks about, with the words that ask for each. */
const COURSES: { asks: RegExp; type: string; said: string }[] = [
  { asks: /entrees?(?![a-z])/, type: 'starter', said: 'Les entrées' },
  { asks: /plats? principa|(?<![a-z])plats?(?![a-z])/, type: 'main', said: 'Les plats' },
  { asks: /desserts?(?![a-z])/, type: 'dessert', said: 'Les desserts' },
];

/** The dishes of a course in each group menu ('vous faites quoi comme desserts ?'), or null when the menus list none. */
function dishesAnswer(knowledge: AssistantKnowledge, asked: string): string | null {
  const course = COURSES.find((c) => c.asks.test(asked));
  if (!course) return null;
  const lines = menusFor(knowledge, undefined).flatMap((menu) => {
    const dishes = menu.items.filter((item) => item.type === course.type).map((item) => item.name);
    return dishes.length ? [`${menu.name} : ${dishes.join(', ')}`] : [];
  });
  return lines.length ? `${course.said} des menus : ${lines.join(' ; ')}.` : null;
}

/** The answer the profile gives to a question (about `topic`: its words, understand.ts), or null when it does not say. */
export function profileAnswer(knowledge: AssistantKnowledge, question: string, topic: string[] = []): string | null {
  const asked = normalize(question);
  for (const fact of FACTS) {
    if (fact.asks.test(asked)) {
      const answer = fact.answer(knowledge);
      if (answer) return answer;
    }
  }
  return dishesAnswer(knowledge, asked) ?? optionsAnswer(knowledge, topic);
}

/** The owner's FAQ answer that mentions everything the question is about, though its question says it otherwise; or null. */
export function faqMentioning(knowledge: AssistantKnowledge, topic: string[]): string | null {
  return knowledge.faq.find((entry) => mentionsAll(topic, fold(`${entry.question} ${entry.answer}`)))?.answer ?? null;
}
