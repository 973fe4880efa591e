/**
 * The built-in engine: one customer message in, the assistant's replies out. It gathers a request
 * step by step (date, service and time, group, menu, allergies, name, contact), lets the database
 * judge it (check_group_request, whose French refusals it says with what does fit), recaps, and
 * submits only after the customer confirms. A question is answered from the owner's FAQ or profile;
 * what they do not say goes to the restaurant ('À vous'). Deterministic: the same state and message
 * give the same answer; what it says of the restaurant comes from its knowledge and the database only.
 */
import type { AssistantKnowledge } from '@tablee/domain/assistant-knowledge';
import type { CheckedRequestAnswer, FaqMatch, RequestRefusal, SubmittedRequestAnswer } from '@tablee/domain/function-answers';
import { answerBy } from '@tablee/domain/french';
import { ADVANCE_WORDS, aDepositText, depositNature, type Deposit } from '@tablee/domain/deposit';
import { ADVANCE_NATURES } from '@tablee/domain/payments';
import { privacyNoticeShort } from '@tablee/domain/privacy-notice';
import { formatEuros } from '@tablee/shared/format';
import { understand } from './understand';
import type { RequestPart, Understood } from './understanding';
import { faqMentioning, longDate, menuLine, menusFor, nextOpenDays, orList, profileAnswer, SERVICE_WORDS, servicesOn } from './profile';
import type { ConversationState, RequestSlots } from './state';
import { fold, normalize } from './text';
import { isAbout, topicWords } from './topic';

/** A request as check_group_request and submit_group_request read it. */
export interface GroupRequest {
  external_id: string;
  date: string;
  arrival_time: string;
  adults: number;
  children: number;
  menu_id?: string;
  dietary_notes?: string;
  customer?: { name: string; email?: string; phone?: string };
  conversation?: { id: string };
}

/** What the engine may do: read the restaurant, ask the database, send the request. Nothing else writes. */
export interface EngineTools {
  knowledge: AssistantKnowledge;
  /** Today in Paris, YYYY-MM-DD. */
  today: string;
  conversationId: string;
  check(request: GroupRequest): Promise<CheckedRequestAnswer>;
  /** Resolves with the stored request and its customer's page, or rejects with a RefusalOfSubmit. */
  submit(request: GroupRequest): Promise<SubmittedRequest>;
  /** The owner's FAQ entry whose question shares the most words with the customer's (public.assistant_faq_match). */
  faq(question: string): Promise<FaqMatch | null>;
}

/** A request as submit_group_request stored it, with the address of its customer's page (/ma-reservation/{token}). */
export interface SubmittedRequest extends SubmittedRequestAnswer {
  pageUrl: string;
}

/** What the last reply of a sent request says of the customer's page: the same words whichever brain answered. */
export const pageLinkText = (pageUrl: string) => `Suivez votre demande, modifiez le nombre de convives ou écrivez au restaurant ici : ${pageUrl}`;

export class RefusalOfSubmit extends Error {
  constructor(readonly refusal: RequestRefusal) {
    super(refusal.message);
  }
}

export interface Turn {
  state: ConversationState;
  replies: string[];
  suggestions: string[];
  /** The question passed to the restaurant, when the profile does not answer it. */
  handOver?: string;
  /** The request sent in this turn. */
  request?: { numero: string; status: string; respond_by: string };
  /** The customer's e-mail or phone, once given: the conversation's contact. */
  contact?: string;
}

export const UNKNOWN_ANSWER = 'Je n’ai pas cette information : je transmets au restaurant, qui vous répondra ici même.';
const BOOKING_WORDS = /reserv|table|group|personne|privatis|diner|dejeuner|venir/;
const BOOKING_FIELDS = new Set(['date', 'arrival_time', 'adults', 'children', 'menu_id', 'options']);

/** Lays what the message says over the request; answers which slots it changed. */
function merge(slots: RequestSlots, said: Understood, expecting: ConversationState['expecting']): (keyof RequestSlots)[] {
  const changed: (keyof RequestSlots)[] = [];
  const set = <K extends keyof RequestSlots>(key: K, value: RequestSlots[K] | undefined) => {
    if (value === undefined || slots[key] === value) return;
    slots[key] = value;
    changed.push(key);
  };
  if (said.date !== undefined && said.date !== slots.date) {
    set('date', said.date);
    // Another day may not have the same times.
    if (said.time === undefined) delete slots.time;
  }
  set('service', said.service);
  set('time', said.time);
  set('adults', said.adults);
  set('children', said.children);
  if (said.menuId) {
    set('menuId', said.menuId);
    delete slots.noMenu;
  }
  set('dietary', said.dietary);
  if (said.dietary !== undefined || said.noDietary) slots.dietaryAsked = true;
  set('name', said.name);
  set('email', said.email);
  set('phone', said.phone);
  // An answer to the allergies question closes it, whatever it says; a question or something else said in its place leaves it open.
  if (expecting === 'dietary' && !said.question && changed.length === 0) slots.dietaryAsked = true;
  return changed;
}

/** What a request books (its day, time, group and menu), as one text: the booking the database last accepted. */
const bookingOf = (slots: RequestSlots) => JSON.stringify([slots.date, slots.time, slots.adults, slots.children ?? 0, slots.menuId ?? null]);

/** The request as the database reads it, from what is gathered so far. */
function requestOf(slots: RequestSlots, externalId: string, conversationId?: string): GroupRequest | null {
  if (!slots.date || !slots.time || slots.adults === undefined) return null;
  return {
    external_id: externalId,
    date: slots.date,
    arrival_time: slots.time,
    adults: slots.adults,
    children: slots.children ?? 0,
    ...(slots.menuId ? { menu_id: slots.menuId } : {}),
    ...(slots.dietary ? { dietary_notes: slots.dietary } : {}),
    ...(slots.name ? { customer: { name: slots.name, ...(slots.email ? { email: slots.email } : {}), ...(slots.phone ? { phone: slots.phone } : {}) } } : {}),
    ...(conversationId ? { conversation: { id: conversationId } } : {}),
  };
}

const party = (adults: number, children: number) =>
  children ? `${adults} adulte${adults > 1 ? 's' : ''} et ${children} enfant${children > 1 ? 's' : ''}` : `${adults} personne${adults > 1 ? 's' : ''}`;

/** What the customer is asked next, with the answers offered as buttons. */
interface Ask {
  text: string;
  expecting: ConversationState['expecting'];
  suggestions?: string[];
}

/**
 * The next thing to ask, from the profile, before the database is asked: the day, then the service and
 * time that day offers, then the group.
 */
function askBooking(knowledge: AssistantKnowledge, slots: RequestSlots, today: string): Ask | null {
  if (!slots.date) return { text: 'Pour quelle date souhaitez-vous réserver ?', expecting: 'date' };
  const open = servicesOn(knowledge, slots.date);
  if (!open.length) {
    const days = nextOpenDays(knowledge, slots.date < today ? today : slots.date, slots.service);
    const closedDate = slots.date;
    delete slots.date;
    return {
      text: `Le restaurant ne reçoit pas de groupes le ${longDate(closedDate)}.${days.length ? ` Les prochains jours possibles : ${orList(days.map(longDate))}.` : ''} Quelle date vous conviendrait ?`,
      expecting: 'date',
      suggestions: days.map(longDate),
    };
  }
  if (!slots.time) {
    const service = open.find((s) => s.service === slots.service) ?? (open.length === 1 ? open[0] : undefined);
    if (!service) {
      return {
        text: `Le ${longDate(slots.date)}, ce sera pour le déjeuner ou le dîner ?`,
        expecting: 'time',
        suggestions: open.map((s) => (s.service === 'lunch' ? 'Déjeuner' : 'Dîner')),
      };
    }
    slots.service = service.service;
    return {
      text: `À quelle heure souhaitez-vous arriver ? Pour le ${SERVICE_WORDS[service.service]} du ${longDate(slots.date)}, le restaurant accueille les groupes à ${orList(service.arrival_times)}.`,
      expecting: 'time',
      suggestions: service.arrival_times.slice(0, 4),
    };
  }
  if (slots.adults === undefined) return { text: 'Combien serez-vous, adultes et enfants ?', expecting: 'people' };
  return null;
}

/** What the database refused in what a request books, said with what fits instead; the refused slot is asked again. */
function askAfterRefusal(knowledge: AssistantKnowledge, slots: RequestSlots, refusal: RequestRefusal, today: string): Ask {
  const service = servicesOn(knowledge, slots.date ?? today).find((s) => s.service === slots.service);
  if (refusal.field === 'adults' || refusal.field === 'children') {
    delete slots.adults;
    delete slots.children;
    // The database's message names the limits of the service that day.
    return { text: `${refusal.message} Combien serez-vous ?`, expecting: 'people' };
  }
  if (refusal.field === 'menu_id' || refusal.field === 'options') {
    delete slots.menuId;
    const menus = menusFor(knowledge, slots.service);
    return { text: `${refusal.message} Les menus possibles : ${menus.map(menuLine).join(' ; ')}.`, expecting: 'menu', suggestions: menus.map((m) => m.name) };
  }
  if (refusal.field === 'arrival_time' && service) {
    delete slots.time;
    return {
      text: `${refusal.message} Pour le ${SERVICE_WORDS[service.service]}, le restaurant accueille les groupes à ${orList(service.arrival_times)}.`,
      expecting: 'time',
      suggestions: service.arrival_times.slice(0, 4),
    };
  }
  const days = nextOpenDays(knowledge, slots.date && slots.date > today ? slots.date : today, slots.service);
  delete slots.date;
  delete slots.time;
  return {
    text: `${refusal.message}${days.length ? ` Les prochains jours possibles : ${orList(days.map(longDate))}.` : ''} Quelle date vous conviendrait ?`,
    expecting: 'date',
    suggestions: days.map(longDate),
  };
}

/** After what it books: the menu, the allergies, the name, a way to answer. */
function askDetails(knowledge: AssistantKnowledge, slots: RequestSlots): Ask | null {
  const menus = menusFor(knowledge, slots.service);
  if (!slots.menuId && !slots.noMenu && menus.length) {
    return { text: `Quel menu choisissez-vous pour le groupe ? ${menus.map(menuLine).join(' ; ')}.`, expecting: 'menu', suggestions: menus.map((m) => m.name) };
  }
  if (!slots.dietaryAsked) {
    return { text: 'Y a-t-il des allergies ou des régimes particuliers dans le groupe ?', expecting: 'dietary', suggestions: ['Non, aucune'] };
  }
  if (!slots.name) return { text: 'À quel nom dois-je faire la demande ?', expecting: 'name' };
  if (!slots.email && !slots.phone) return { text: 'Pouvez-vous me laisser un e-mail ou un numéro de téléphone, pour que le restaurant vous réponde ?', expecting: 'contact' };
  return null;
}

/**
 * 'des arrhes de 30 % du total, soit 115,20 €', 'un acompte de …' (the CGV's word: arrhes unless they
 * say acompte), 'une empreinte bancaire de 20,00 €'; without a total yet (no menu), the share alone.
 */
function depositWords(deposit: Deposit): string {
  const nature = depositNature(deposit);
  if (deposit.amount === 0 && deposit.percentage !== undefined) return `${nature ? ADVANCE_WORDS[nature].a : 'une empreinte bancaire'} de ${deposit.percentage} % du total`;
  return aDepositText(deposit);
}

/** What money taken in advance commits the customer to (arrhes: lost if they withdraw, double if the restaurant does; an acompte: the whole price owed); '' for a card imprint. */
export function depositConsequence(deposit: Deposit | null | undefined): string {
  const nature = depositNature(deposit);
  return nature ? ` ${ADVANCE_NATURES[nature].consequence}` : '';
}

/**
 * What the restaurant will ask once it accepts, said to the customer: « S’il accepte, le restaurant
 * demandera des arrhes de … » and what they commit to; '' when nothing.
 */
export function depositSentence(deposit: Deposit | null | undefined): string {
  return deposit ? `S’il accepte, le restaurant demandera ${depositWords(deposit)}.${depositConsequence(deposit)}` : '';
}

function recap(knowledge: AssistantKnowledge, slots: RequestSlots, check: CheckedRequestAnswer): string {
  const menu = knowledge.menus.find((m) => m.id === slots.menuId);
  const lines = [
    `${longDate(slots.date!)} à ${slots.time}, ${SERVICE_WORDS[slots.service ?? (slots.time! < '16:00' ? 'lunch' : 'dinner')]}`,
    party(slots.adults!, slots.children ?? 0),
    menu ? menu.name : 'sans menu choisi',
    slots.dietary ? `allergies et régimes : ${slots.dietary}` : 'pas d’allergie signalée',
    `au nom de ${slots.name}, ${[slots.email, slots.phone].filter(Boolean).join(' / ')}`,
  ];
  const total = check.request?.total_amount ? ` Total estimé : ${formatEuros(check.request.total_amount)}.` : '';
  const deposit = check.deposit ? ` ${depositSentence(check.deposit)}` : '';
  return `Je récapitule : ${lines.join(' ; ')}.${total}${deposit} J’envoie la demande au restaurant ?`;
}

/**
 * The answer to a question, from the owner's own FAQ first (the entry the database finds, if its
 * question is about what is asked: sharing a verb is not enough), then the profile's facts, then a FAQ
 * entry that mentions all the question is about ('un parking ?' answered by 'Où se garer ?'); null
 * when none says.
 */
async function answerQuestion(text: string, topic: string[], tools: EngineTools): Promise<string | null> {
  const faq = await tools.faq(text);
  if (faq && isAbout(topic, topicWords(fold(faq.question)))) return faq.answer;
  return profileAnswer(tools.knowledge, text, topic) ?? faqMentioning(tools.knowledge, topic);
}

/**
 * What is said to a question: its answer, or that the restaurant will answer. A question that only
 * says the request ('nous serons 12, c'est possible ?') is answered by the request going on; one about
 * something else ('Peut-on venir avec notre chien ?') is answered or handed over, booking words or not.
 */
async function replyToQuestion(said: Understood, changed: (keyof RequestSlots)[], text: string, tools: EngineTools): Promise<{ reply?: string; handOver?: string }> {
  const topic = said.topic ?? [];
  if (!said.question || (changed.length > 0 && topic.length === 0)) return {};
  const found = await answerQuestion(text, topic, tools);
  if (found) return { reply: found };
  if (topic.length > 0 || (changed.length === 0 && !BOOKING_WORDS.test(normalize(text)))) return { reply: UNKNOWN_ANSWER, handOver: text.trim() };
  return {};
}

/** The slots of the parts the customer wants to change, emptied: the request asks them again. */
function clearParts(slots: RequestSlots, parts: RequestPart[]): void {
  const cleared: Record<RequestPart, (keyof RequestSlots)[]> = {
    date: ['date', 'time'],
    time: ['time'],
    people: ['adults', 'children'],
    menu: ['menuId', 'noMenu'],
    dietary: ['dietary', 'dietaryAsked'],
    name: ['name'],
    contact: ['email', 'phone'],
  };
  for (const part of parts) for (const slot of cleared[part]) delete slots[slot];
}

/** The privacy notice's sentence, from what the assistant knows of the restaurant. */
export function privacySentence(knowledge: AssistantKnowledge): string {
  return privacyNoticeShort({
    restaurantName: knowledge.restaurant.name,
    contactEmail: knowledge.contact.email,
    contactPhone: knowledge.contact.phone,
    retentionMonths: knowledge.restaurant.retention_months,
  });
}

/** The first message: the restaurant's own (or the default one), then the privacy notice's sentence. */
export const greeting = (knowledge: AssistantKnowledge): string => `${knowledge.first_message}\n\n${privacySentence(knowledge)}`;

export async function answer(previous: ConversationState, text: string, tools: EngineTools): Promise<Turn> {
  const state: ConversationState = structuredClone(previous);
  const { knowledge, today } = tools;
  const replies: string[] = [];
  const turn = (ask?: Ask | null, extra: Partial<Turn> = {}): Turn => {
    if (ask?.text) replies.push(ask.text);
    state.expecting = ask?.expecting;
    const contact = state.slots.email ?? state.slots.phone;
    return { state, replies, suggestions: ask?.suggestions ?? [], ...(contact ? { contact } : {}), ...extra };
  };
  if (!state.greeted) {
    replies.push(greeting(knowledge));
    state.greeted = true;
  }

  // Any menu a group may have is read by its name (the database says when it is not served then); a place, in the list shown.
  const named = (service: RequestSlots['service']) => menusFor(knowledge, service).map((m) => ({ id: m.id, name: m.name }));
  const said = understand(text, { today, expecting: state.expecting, menus: named(undefined), listed: named(state.slots.service) });
  const wasConfirming = state.confirming;
  state.confirming = false;
  if (state.expecting === 'menu' && !said.menuId && (said.no || /carte|sans menu|pas de menu/.test(normalize(text)))) state.slots.noMenu = true;
  const changed = merge(state.slots, said, state.expecting);

  if (said.change && !changed.length) {
    clearParts(state.slots, said.change);
    return proceed(state, tools, replies, undefined, turn);
  }
  if (wasConfirming && !changed.length) {
    if (said.yes) return submit(state, tools, replies);
    if (said.no) return turn({ text: 'D’accord. Que souhaitez-vous changer : la date, l’heure, le nombre de personnes, le menu ?', expecting: undefined });
  }

  // A request under way: something said of it now, booking words, a request started, or an answer to what was asked.
  const started = state.slots.date !== undefined || state.slots.adults !== undefined || state.slots.time !== undefined;
  const intent = changed.length > 0 || BOOKING_WORDS.test(normalize(text)) || started || (state.expecting !== undefined && state.expecting !== 'confirmation');
  const { reply, handOver } = await replyToQuestion(said, changed, text, tools);
  if (reply) replies.push(reply);
  if (said.vagueSize) {
    return turn(
      {
        text: `Pour que le restaurant prépare la table, il me faut le nombre exact : combien serez-vous précisément (${said.vagueSize}, c’est combien d’adultes et d’enfants) ?`,
        expecting: 'people',
      },
      { handOver },
    );
  }
  if (!intent) {
    // The owner's first message asks for the date; a question answered needs nothing more.
    if (!previous.greeted) return turn({ text: '', expecting: 'date' }, { handOver });
    if (said.question) return turn(null, { handOver });
    const closing = state.requests.length ? 'Avec plaisir ! N’hésitez pas si vous avez une autre question.' : 'Pour quelle date et pour combien de personnes souhaitez-vous réserver ?';
    return turn({ text: closing, expecting: state.requests.length ? undefined : 'date' }, { handOver });
  }
  return proceed(state, tools, replies, handOver, turn);
}

/** The next step of the request: what to ask, or the database's verdict, or the recap. */
async function proceed(state: ConversationState, tools: EngineTools, replies: string[], handOver: string | undefined, turn: (ask?: Ask | null, extra?: Partial<Turn>) => Turn): Promise<Turn> {
  const { knowledge, today } = tools;
  const booking = askBooking(knowledge, state.slots, today);
  if (booking) return turn(booking, { handOver });
  // What it books was checked as it is now: the details are asked without asking the database again,
  // which it is before the recap (its total, its deposit, the customer's details).
  if (state.checkedBooking === bookingOf(state.slots)) {
    const unchanged = askDetails(knowledge, state.slots);
    if (unchanged) return turn(unchanged, { handOver });
  }
  const checked = await tools.check(requestOf(state.slots, 'check')!);
  if (checked.refusal && BOOKING_FIELDS.has(checked.refusal.field ?? '')) {
    state.checkedBooking = undefined;
    return turn(askAfterRefusal(knowledge, state.slots, checked.refusal, today), { handOver });
  }
  state.checkedBooking = bookingOf(state.slots);
  const details = askDetails(knowledge, state.slots);
  if (details) return turn(details, { handOver });
  if (checked.refusal) {
    // The customer's details: the database's message, and the detail asked again.
    const field = checked.refusal.field ?? '';
    if (field.includes('email')) delete state.slots.email;
    else if (field.includes('phone')) delete state.slots.phone;
    else if (field.includes('name')) delete state.slots.name;
    const again = askDetails(knowledge, state.slots);
    return turn({ text: `${checked.refusal.message}${again ? ` ${again.text}` : ''}`, expecting: again?.expecting }, { handOver });
  }
  state.confirming = true;
  return turn({ text: recap(knowledge, state.slots, checked), expecting: 'confirmation', suggestions: ['Oui, j’envoie', 'Modifier'] }, { handOver });
}

async function submit(state: ConversationState, tools: EngineTools, replies: string[]): Promise<Turn> {
  const request = requestOf(state.slots, `${tools.conversationId}:${state.requests.length + 1}`, tools.conversationId)!;
  const contact = state.slots.email ?? state.slots.phone;
  try {
    const submitted = await tools.submit(request);
    const sent = { numero: submitted.reservation.numero_restaurateur, status: submitted.reservation.status, respond_by: submitted.reservation.respond_by };
    state.requests.push(sent);
    // A second request in the same conversation starts afresh, with the same customer.
    state.slots = { name: state.slots.name, email: state.slots.email, phone: state.slots.phone };
    state.expecting = undefined;
    // « des arrhes de … seront à régler », « un acompte de … sera à régler »: the CGV's word, agreed.
    const nature = depositNature(submitted.deposit);
    const deposit = submitted.deposit && nature ? ` S’il l’accepte, ${aDepositText(submitted.deposit)} ${ADVANCE_WORDS[nature].willBe} à régler pour confirmer la réservation.` : '';
    replies.push(
      `C’est envoyé ! Votre demande ${sent.numero} est entre les mains du restaurant, qui s’engage à vous répondre ${answerBy(sent.respond_by)}.${deposit} Vous recevrez sa réponse par ${state.slots.email ? 'e-mail' : 'téléphone'}.\n\n${pageLinkText(submitted.pageUrl)}`,
    );
    return { state, replies, suggestions: [], request: sent, ...(contact ? { contact } : {}) };
  } catch (error) {
    if (!(error instanceof RefusalOfSubmit)) throw error;
    // Refused at the last moment (the day filled up meanwhile): said, and the request asked again from there.
    replies.push(error.refusal.message);
    state.expecting = undefined;
    return { state, replies, suggestions: [], ...(contact ? { contact } : {}) };
  }
}
