/**
 * A third-party chatbot's client of the HTTP contract (README "Requests in"), which the browser tests
 * play against a running application, through the same doors as a real one: it reads what the restaurant offers (assistant_knowledge, as its owner), creates an assistant key
 * on the owner's behalf (or uses the one it is given), then sends a handful of French group requests
 * with their conversations to POST /api/restaurants/{id}/requests. Most are valid; one is refused (a
 * group too large: the 422's message is what the chatbot would say); one is sent twice (the second
 * answer is the same reservation). `pnpm simulate` plays customers of the restaurant's own assistant
 * instead (customers.ts).
 */
import { createClient } from '@supabase/supabase-js';
import type { ConversationMessage, GroupRequest, RefusalAnswer, SubmittedRequest } from '@tablee/contract';
import ws from 'ws';

export interface SimulationTarget {
  supabaseUrl: string;
  anonKey: string;
  /** The reservation service's API origin, e.g. http://localhost:8787/api. */
  apiUrl: string;
  restaurantId: string;
  /** The owner's sign-in: to read the restaurant's profile and, without `assistantKey`, to create a key. */
  email: string;
  password: string;
  assistantKey?: string;
  /** Pause between two requests (a few seconds in the demo, none in tests). */
  pauseMs?: number;
  log?: (line: string) => void;
}

export interface SentRequest {
  label: string;
  status: number;
  /** The contract's answer: the reservation, or a refusal. */
  body: Partial<SubmittedRequest> & Partial<RefusalAnswer>;
}

interface Knowledge {
  restaurant: { name: string };
  days: { day: string; is_open: boolean; services: { service: 'lunch' | 'dinner'; arrival_times: string[]; group_size: { min: number; max: number } }[] }[];
  menus: { id: string; name: string; is_children_menu: boolean; available_lunch: boolean; available_dinner: boolean }[];
  options: { id: string; title: string; price_type: 'per_person' | 'total' }[];
}

interface Guest {
  label: string;
  name: string;
  email: string;
  phone: string;
  service: 'lunch' | 'dinner';
  /** Adults, before fitting the service's group sizes. */
  adults: number;
  children: number;
  weeksAhead: number;
  occasion: string;
  message?: string;
  withOption?: boolean;
  tooLarge?: boolean;
  sentTwice?: boolean;
}

const GUESTS: Guest[] = [
  {
    label: 'anniversaire',
    name: 'Sophie Marchetti',
    email: 'sophie.marchetti@exemple.fr',
    phone: '06 21 43 65 87',
    service: 'dinner',
    adults: 14,
    children: 0,
    weeksAhead: 2,
    occasion: 'les 40 ans de mon mari',
    message: 'Serait-il possible de prévoir une bougie sur le dessert ?',
    withOption: true,
  },
  {
    label: 'séminaire',
    name: 'Julien Perrin',
    email: 'j.perrin@atelier-perrin.fr',
    phone: '07 12 34 56 78',
    service: 'lunch',
    adults: 20,
    children: 0,
    weeksAhead: 3,
    occasion: 'un déjeuner d’équipe',
  },
  {
    label: 'famille',
    name: 'Hélène Bernard',
    email: 'helene.bernard@exemple.fr',
    phone: '06 98 76 54 32',
    service: 'dinner',
    adults: 8,
    children: 3,
    weeksAhead: 4,
    occasion: 'un repas de famille',
  },
  {
    label: 'trop grand',
    name: 'Maxime Leroy',
    email: 'maxime.leroy@exemple.fr',
    phone: '06 55 44 33 22',
    service: 'dinner',
    adults: 80,
    children: 0,
    weeksAhead: 2,
    occasion: 'un enterrement de vie de garçon',
    tooLarge: true,
  },
  {
    label: 'envoyée deux fois',
    name: 'Camille Roux',
    email: 'camille.roux@exemple.fr',
    phone: '06 11 22 33 44',
    service: 'lunch',
    adults: 12,
    children: 0,
    weeksAhead: 5,
    occasion: 'un départ à la retraite',
    sentTwice: true,
  },
];

/** How many times a request answered 503 (the service's database restarting) is sent before giving up. */
const UNAVAILABLE_ATTEMPTS = 5;

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const LONG_DATE = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The first day from `weeksAhead` weeks on where the restaurant serves `service` with arrival times. */
function slotFor(knowledge: Knowledge, service: Guest['service'], weeksAhead: number) {
  const today = new Date();
  for (let add = weeksAhead * 7; add < weeksAhead * 7 + 21; add += 1) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + add));
    const opening = knowledge.days.find((d) => d.day === WEEKDAYS[day.getUTCDay()] && d.is_open)?.services.find((s) => s.service === service && s.arrival_times.length > 0);
    if (opening) return { date: day.toISOString().slice(0, 10), opening };
  }
  return null;
}

function requestOf(knowledge: Knowledge, guest: Guest, runId: string): (GroupRequest & { children: number }) | null {
  const slot = slotFor(knowledge, guest.service, guest.weeksAhead) ?? slotFor(knowledge, guest.service === 'lunch' ? 'dinner' : 'lunch', guest.weeksAhead);
  if (!slot) return null;
  const { date, opening } = slot;
  const { min, max } = opening.group_size;
  const children = Math.min(guest.children, Math.max(max - min, 0));
  const adults = guest.tooLarge ? max + 10 : Math.min(Math.max(guest.adults, min - children), max - children);
  const arrival = opening.arrival_times[Math.floor(opening.arrival_times.length / 2)];
  const menu = knowledge.menus.find((m) => !m.is_children_menu && (opening.service === 'lunch' ? m.available_lunch : m.available_dinner));
  const option = guest.withOption ? knowledge.options[0] : undefined;
  const people = children > 0 ? `${adults} adultes et ${children} enfants` : `${adults} personnes`;
  const when = LONG_DATE.format(new Date(`${date}T12:00:00Z`));
  const at = (minutes: number) => new Date(Date.now() - (10 - minutes) * 60_000).toISOString();
  const messages: ConversationMessage[] = [
    { role: 'user', content: `Bonjour, je voudrais réserver pour ${guest.occasion} : ${people} le ${when}.`, sent_at: at(0) },
    { role: 'assistant', content: `Bonjour et merci ! À quelle heure souhaitez-vous arriver ?`, sent_at: at(1) },
    { role: 'user', content: `Vers ${arrival}.${menu ? ` Et nous prendrions le ${menu.name}.` : ''}`, sent_at: at(2) },
    { role: 'assistant', content: `C'est noté. À quel nom, avec quel e-mail et quel téléphone ?`, sent_at: at(3) },
    { role: 'user', content: `${guest.name}, ${guest.email}, ${guest.phone}`, sent_at: at(4) },
  ];
  return {
    external_id: `simulation-${runId}-${guest.label.replace(/\W+/g, '-')}`,
    date,
    arrival_time: arrival,
    adults,
    children,
    ...(menu ? { menu_id: menu.id } : {}),
    ...(option ? { options: [{ option_id: option.id, ...(option.price_type === 'total' ? { quantity: 1 } : {}) }] } : {}),
    customer: { name: guest.name, email: guest.email, phone: guest.phone },
    ...(guest.message ? { message: guest.message } : {}),
    conversation: { messages },
  };
}

export async function simulateChatbot(target: SimulationTarget): Promise<SentRequest[]> {
  const log = target.log ?? (() => {});
  const owner = createClient(target.supabaseUrl, target.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
  const signedIn = await owner.auth.signInWithPassword({ email: target.email, password: target.password });
  if (signedIn.error) throw new Error(`Connexion de ${target.email} impossible : ${signedIn.error.message}`);
  try {
    const { data: knowledge, error } = await owner.rpc('assistant_knowledge', { p_restaurant_id: target.restaurantId });
    if (error) throw new Error(`Profil du restaurant illisible : ${error.message}`);
    let key = target.assistantKey;
    if (!key) {
      const created = await owner.rpc('create_assistant_key', { p_restaurant_id: target.restaurantId });
      if (created.error) throw new Error(`Création de la clé impossible : ${created.error.message}`);
      key = (created.data as { key: string }).key;
      log(`Clé de l'assistant créée : ${(created.data as { prefix: string }).prefix}… (visible sur 'Votre assistant', révocable)`);
    }
    const runId = Date.now().toString(36);
    const sent: SentRequest[] = [];
    const post = (request: GroupRequest) =>
      fetch(`${target.apiUrl}/restaurants/${target.restaurantId}/requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(request),
      });
    const send = async (label: string, request: GroupRequest) => {
      let response = await post(request);
      // 503 api_unavailable (the database restarting): "try again", the same body after Retry-After (its external_id makes it safe).
      for (let attempt = 1; response.status === 503 && attempt < UNAVAILABLE_ATTEMPTS; attempt += 1) {
        const wait = Number(response.headers.get('retry-after')) || 1;
        log(`→ 503 « ${((await response.json()) as { message?: string }).message} » : nouvel essai dans ${wait} s`);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        response = await post(request);
      }
      const result: SentRequest = { label, status: response.status, body: (await response.json()) as SentRequest['body'] };
      sent.push(result);
      return result;
    };
    log(`Restaurant : ${(knowledge as Knowledge).restaurant.name}`);
    for (const guest of GUESTS) {
      const request = requestOf(knowledge as Knowledge, guest, runId);
      if (!request) continue;
      const first = await send(guest.label, request);
      const who = `${guest.name}, ${request.adults + request.children} pers. le ${request.date} à ${request.arrival_time}`;
      if (first.body.reservation) {
        log(
          `→ ${first.status} ${first.body.reservation.numero_restaurateur} (${first.body.reservation.numero}) : ${who}${first.body.warnings?.length ? ` — ${first.body.warnings.join(' ')}` : ''}`,
        );
      } else {
        log(`→ ${first.status} refusée (${first.body.code}, ${first.body.field ?? '—'}) : ${who}\n  Le chatbot répond : « ${first.body.message} »`);
      }
      if (guest.sentTwice) {
        const again = await send(`${guest.label} (bis)`, request);
        const same = again.body.reservation?.id === first.body.reservation?.id;
        log(`→ ${again.status} la même demande renvoyée : ${same ? `même réservation ${again.body.reservation?.numero_restaurateur}, rien de créé en double` : 'une autre réponse !'}`);
      }
      if (target.pauseMs) await new Promise((resolve) => setTimeout(resolve, target.pauseMs));
    }
    return sent;
  } finally {
    await owner.auth.signOut();
  }
}
