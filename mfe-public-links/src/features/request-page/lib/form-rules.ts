/**
 * The request page's rules, pure: what request_form says of the restaurant (open days, services and
 * their arrival times, group sizes, menus, options, deposit terms), turned into the calendar's days,
 * the form's choices, its checks (the contract's French messages: README, "Requests in") and the
 * estimate's lines (its total and the deposit are SQL's: api/checkRequest.ts). What only the stored
 * profile knows (a closure, the phone's format…) the contract refuses with a 422 on its field.
 */
import { ADVANCE_WORDS, depositNature, type Deposit } from '@tablee/domain/deposit';
import { ADVANCE_NATURES } from '@tablee/domain/payments';
import { formatEuros } from '@tablee/shared/core';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
export type ServiceName = 'lunch' | 'dinner';

export interface FormService {
  service: ServiceName;
  from: string;
  to: string;
  arrival_times: string[];
  group_size: { min: number; max: number };
}

export interface FormMenu {
  id: string;
  name: string;
  price_per_person: number;
  menu_type: 'choice' | 'sharing';
  content: string | null;
  available_lunch: boolean;
  available_dinner: boolean;
  is_children_menu: boolean;
  items: { name: string; type: string }[];
  alternatives: { name: string; type: string; is_gluten_free: boolean; is_vegan: boolean; other_dietary_notes: string | null }[];
}

export interface FormOption {
  id: string;
  title: string;
  price: number;
  price_type: 'per_person' | 'total';
}

/** public.request_form's answer (version 1). */
export interface RequestForm {
  version: number;
  restaurant: { id: string; name: string; address: string | null; description: string | null; photo: { url: string; alt_text: string | null } | null };
  response_time: { code: string; label: string };
  /** The privacy notice's controller: the restaurant's contact e-mail and phone (E.164), and restaurants.customer_retention_months. */
  privacy?: { email: string | null; phone: string | null; retention_months: number };
  today: string;
  last_date: string;
  days: { day: Weekday; is_open: boolean; services: FormService[] }[];
  menus: FormMenu[];
  options: FormOption[];
  deposit: { required: boolean; method: 'acompte' | 'empreinte' | null; type: 'percentage' | 'fixed' | null; amount: number | null };
  cgv: { cancellation_policy: string; modification_policy: string; link: string | null } | null;
  /** The services closed exceptionally (a holiday, a private event), from today on: not offered. */
  closures: { date: string; service: ServiceName }[];
}

const WEEKDAYS: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The weekday of a 'YYYY-MM-DD' calendar day. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
}

/** The services a group may book on that date (open that weekday, with arrival times, not closed that date). */
export function servicesOn(form: RequestForm, date: string | undefined): FormService[] {
  if (!date) return [];
  const day = form.days.find((d) => d.day === weekdayOf(date));
  if (!day?.is_open) return [];
  return day.services.filter((s) => s.arrival_times.length > 0 && !form.closures.some((c) => c.date === date && c.service === s.service));
}

/** A day that can be picked: from today to a year ahead, the restaurant open for groups. */
export function isBookable(form: RequestForm, date: string): boolean {
  return date >= form.today && date <= form.last_date && servicesOn(form, date).length > 0;
}

export const SERVICE_LABELS: Record<ServiceName, string> = { lunch: 'Déjeuner', dinner: 'Dîner' };

/** The promised response time, as the page's header says it ('réponse sous 1 à 2 h'), counted within the restaurant's opening hours. */
export const RESPONSE_PROMISES: Record<string, string> = { fast: 'sous 1 à 2 h', medium: 'sous 6 h', slow: 'sous 24 h' };
export const responsePromise = (code: string) => RESPONSE_PROMISES[code] ?? RESPONSE_PROMISES.medium;

/** How long before the meal (restaurant_cgv's policies). */
export const POLICY_LABELS: Record<string, string> = { same_day: 'le jour même', '24h': '24 h', '48h': '48 h', '72h': '3 jours', '7_days': '7 jours' };

export const regularMenus = (form: RequestForm, service: ServiceName | undefined) =>
  form.menus.filter((m) => !m.is_children_menu && (!service || (service === 'lunch' ? m.available_lunch : m.available_dinner)));
export const childrenMenu = (form: RequestForm) => form.menus.find((m) => m.is_children_menu);

/** What the customer fills in. */
export interface RequestValues {
  date?: string;
  service?: ServiceName;
  arrivalTime: string;
  adults: string;
  children: string;
  menuId: string;
  optionIds: string[];
  name: string;
  email: string;
  phone: string;
  message: string;
  /** The group's allergies and diets: the contract's dietary_notes, first and in red on the owner's side and the kitchen sheet. */
  dietaryNotes: string;
  acceptCgv: boolean;
  /** The honeypot: off screen, a person leaves it empty. */
  website: string;
}

export const EMPTY_VALUES: RequestValues = {
  arrivalTime: '',
  adults: '',
  children: '0',
  menuId: '',
  optionIds: [],
  name: '',
  email: '',
  phone: '',
  message: '',
  dietaryNotes: '',
  acceptCgv: false,
  website: '',
};

/** The form's fields, named by the contract's field (a 422's `field` lands on its own). */
export type FieldName =
  'date' | 'service' | 'arrival_time' | 'adults' | 'children' | 'menu_id' | 'options' | 'customer.name' | 'customer.email' | 'customer.phone' | 'message' | 'dietary_notes' | 'cgv';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** A contract field (dotted path) → the form field that shows its refusal. */
export function fieldOfRefusal(field: string | null): FieldName | null {
  if (!field) return null;
  if (field === 'customer') return 'customer.email';
  if (field.startsWith('options')) return 'options';
  const known: FieldName[] = ['date', 'arrival_time', 'adults', 'children', 'menu_id', 'customer.name', 'customer.email', 'customer.phone', 'message', 'dietary_notes'];
  return known.find((name) => name === field) ?? null;
}

/** The contract's limit of dietary_notes (reservation-service's schema). */
export const DIETARY_NOTES_MAX = 1000;

const count = (value: string) => (/^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN);
const EMAIL = /^[^\s@,;<>()[\]"]+@[^\s@,;<>()[\]"]+\.[^\s@,;<>()[\]"]+$/;

/** The checks the page can make before sending, in the contract's words; the contract checks the rest. */
export function validate(form: RequestForm, values: RequestValues): FieldErrors {
  const errors: FieldErrors = {};
  const service = servicesOn(form, values.date).find((s) => s.service === values.service);
  if (!values.date) errors.date = 'Choisissez une date.';
  else if (!isBookable(form, values.date)) errors.date = 'Le restaurant ne prend pas de groupe ce jour-là : choisissez une autre date.';
  else if (!service) errors.service = 'Choisissez un service.';
  if (service && !service.arrival_times.includes(values.arrivalTime)) errors.arrival_time = "Choisissez une heure d'arrivée.";
  const adults = count(values.adults);
  const children = values.children.trim() === '' ? 0 : count(values.children);
  if (values.adults.trim() === '') errors.adults = "Le nombre d'adultes est obligatoire.";
  else if (!(adults >= 1)) errors.adults = "Le nombre d'adultes doit être un nombre entier entre 1 et 1000.";
  if (!(children >= 0)) errors.children = "Le nombre d'enfants doit être un nombre entier entre 0 et 1000.";
  if (service && adults >= 1 && children >= 0 && (adults + children < service.group_size.min || adults + children > service.group_size.max)) {
    errors.adults = `Le restaurant accueille les groupes de ${service.group_size.min} à ${service.group_size.max} personnes au ${service.service === 'lunch' ? 'déjeuner' : 'dîner'} ce jour-là.`;
  }
  // The contract's checks, said to the customer filling in their own form.
  if (!values.name.trim()) errors['customer.name'] = 'Indiquez votre nom.';
  else if (values.name.trim().length > 200) errors['customer.name'] = 'Votre nom dépasse 200 caractères.';
  if (!values.email.trim()) errors['customer.email'] = "L'adresse e-mail est obligatoire : le restaurant vous répond par e-mail.";
  else if (!EMAIL.test(values.email.trim())) errors['customer.email'] = "Votre adresse e-mail n'est pas valide (une seule adresse, par exemple nom@exemple.fr).";
  if (values.message.length > 2000) errors.message = 'Le message dépasse 2 000 caractères.';
  if (values.dietaryNotes.length > DIETARY_NOTES_MAX) errors.dietary_notes = 'Les allergies et régimes dépassent 1 000 caractères.';
  if (!values.acceptCgv) errors.cgv = 'Acceptez les conditions générales de vente pour envoyer la demande.';
  return errors;
}

export interface Estimate {
  lines: { label: string; amount: number }[];
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * What the request is made of, priced from the profile the page shows: the menu per adult, the
 * children's menu per child, each option once per adult (per person) or once (in total). Its total and
 * the deposit it implies are SQL's (checkRequest): the page does not add them up. Null until a menu
 * and the number of adults are chosen.
 */
export function estimate(form: RequestForm, values: Pick<RequestValues, 'adults' | 'children' | 'menuId' | 'optionIds'>): Estimate | null {
  const adults = count(values.adults);
  const children = values.children.trim() === '' ? 0 : count(values.children);
  const menu = form.menus.find((m) => m.id === values.menuId && !m.is_children_menu);
  if (!menu || !(adults >= 1) || !(children >= 0)) return null;
  const lines = [{ label: `${menu.name} × ${adults}`, amount: cents(menu.price_per_person * adults) }];
  const kids = childrenMenu(form);
  if (children > 0 && kids) lines.push({ label: `${kids.name} × ${children}`, amount: cents(kids.price_per_person * children) });
  for (const option of form.options.filter((o) => values.optionIds.includes(o.id))) {
    lines.push(option.price_type === 'per_person' ? { label: `${option.title} × ${adults}`, amount: cents(option.price * adults) } : { label: option.title, amount: cents(option.price) });
  }
  return { lines };
}

/** What the request books (its slot, group, menu and options), as the check (POST …/requests/check) takes it before the customer's details. */
export function bookingBody(values: RequestValues) {
  return {
    date: values.date,
    arrival_time: values.arrivalTime,
    adults: count(values.adults),
    children: values.children.trim() === '' ? 0 : count(values.children),
    menu_id: values.menuId || null,
    options: values.optionIds.map((option_id) => ({ option_id })),
  };
}

/** The body of POST /api/restaurants/{id}/requests (the contract, without a key: the public path). */
export function requestBody(values: RequestValues, externalId: string) {
  return {
    external_id: externalId,
    ...bookingBody(values),
    customer: { name: values.name.trim(), email: values.email.trim() || null, phone: values.phone.trim() || null },
    message: values.message.trim() || null,
    dietary_notes: values.dietaryNotes.trim() || null,
    website: values.website,
  };
}

/** '158,40 € (30 % du total)': a deposit's amount, and its share when the terms are one. */
const depositAmount = (deposit: Deposit) => `${formatEuros(deposit.amount)}${deposit.percentage !== undefined ? ` (${deposit.percentage} % du total)` : ''}`;

/**
 * The estimate's words of what the restaurant will ask once it accepts (SQL's deposit, private.deposit_for):
 * money taken in advance in the CGV's word (arrhes unless they say acompte) and what it commits the
 * customer to, or the card imprint.
 */
export function depositHint(deposit: Deposit): string {
  const nature = depositNature(deposit);
  if (!nature) return `Empreinte bancaire demandée si le restaurant accepte : ${formatEuros(deposit.amount)} (rien n’est prélevé).`;
  const sum = ADVANCE_WORDS[nature];
  return `${sum.label} ${sum.agree('demandé')} si le restaurant accepte : ${depositAmount(deposit)}. ${ADVANCE_NATURES[nature].consequence}`;
}

/** After sending, what comes next: « S’il l’accepte, des arrhes de … vous seront demandées … » (agreed with the CGV's word) and what they commit to, or the card imprint. */
export function depositNext(deposit: Deposit): string {
  const nature = depositNature(deposit);
  if (!nature) return `S’il l’accepte, une empreinte bancaire de ${formatEuros(deposit.amount)} vous sera demandée (rien n’est prélevé).`;
  const sum = ADVANCE_WORDS[nature];
  return `S’il l’accepte, ${sum.a} de ${depositAmount(deposit)} vous ${sum.willBe} ${sum.agree('demandé')} pour confirmer la réservation. ${ADVANCE_NATURES[nature].consequence}`;
}
