/**
 * `pnpm simulate`: customers talking to the restaurant's assistant through its web chat, as the request
 * page's 'Discuter avec l'assistant' does (POST {assistant}/chat/{restaurantId}/messages). Each writes
 * what a customer writes — a date in words, a time, the group, the menu, allergies, a name and an
 * e-mail — answers what the assistant asks, and confirms its recap; one asks a question the profile
 * does not answer (passed to the restaurant: 'À vous'); one is too large for the restaurant (the
 * assistant says why). The restaurant's online requests are switched on first, as its owner.
 */
import { createClient } from '@supabase/supabase-js';
import type { ChatAnswer } from '@tablee/contract';
import ws from 'ws';

export interface CustomersTarget {
  supabaseUrl: string;
  anonKey: string;
  /** The assistant's API origin, e.g. http://localhost:8788/api. */
  assistantApiUrl: string;
  restaurantId: string;
  /** The owner's sign-in: to read what the restaurant offers and switch its online requests on. */
  email: string;
  password: string;
  /** Pause between two messages (a second or so in the demo, none in tests). */
  pauseMs?: number;
  log?: (line: string) => void;
}

interface Knowledge {
  restaurant: { name: string };
  days: { day: string; is_open: boolean; services: { service: 'lunch' | 'dinner'; arrival_times: string[]; group_size: { min: number; max: number } }[] }[];
  menus: { name: string; is_children_menu: boolean; available_lunch: boolean; available_dinner: boolean }[];
}

interface Customer {
  label: string;
  name: string;
  email: string;
  service: 'lunch' | 'dinner';
  people: number;
  weeksAhead: number;
  opening: string;
  dietary: string;
  question?: string;
  tooLarge?: boolean;
}

const CUSTOMERS: Customer[] = [
  {
    label: 'anniversaire',
    name: 'Sophie Marchetti',
    email: 'sophie.marchetti@exemple.fr',
    service: 'dinner',
    people: 14,
    weeksAhead: 2,
    opening: 'Bonjour ! Je voudrais réserver pour les 40 ans de mon mari',
    dietary: 'Une personne est allergique aux fruits à coque',
  },
  {
    label: 'séminaire',
    name: 'Julien Perrin',
    email: 'j.perrin@atelier-perrin.fr',
    service: 'lunch',
    people: 20,
    weeksAhead: 3,
    opening: 'bjr, un dej d equipe svp',
    dietary: 'non aucune',
    question: 'Est-ce que vous avez un vidéoprojecteur ?',
  },
  {
    label: 'trop grand',
    name: 'Maxime Leroy',
    email: 'maxime.leroy@exemple.fr',
    service: 'dinner',
    people: 80,
    weeksAhead: 2,
    opening: 'Salut, c’est pour un enterrement de vie de garçon',
    dietary: 'non',
    tooLarge: true,
  },
];

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const SPOKEN_DATE = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The first day from `weeksAhead` weeks on where the restaurant takes groups at `service`, and that service. */
function slotFor(knowledge: Knowledge, service: Customer['service'], weeksAhead: number) {
  const today = new Date();
  for (let add = weeksAhead * 7; add < weeksAhead * 7 + 21; add += 1) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + add));
    const opening = knowledge.days.find((d) => d.day === WEEKDAYS[day.getUTCDay()] && d.is_open)?.services.find((s) => s.service === service && s.arrival_times.length > 0);
    if (opening) return { date: day, opening };
  }
  return null;
}

/** What the customer answers to what the assistant asked last: from its words, as a person reads them. */
function answerTo(reply: string, customer: Customer, menu: string | undefined): string | null {
  if (reply.includes('Je récapitule')) return 'oui, c’est parfait';
  if (/quel menu/i.test(reply)) return menu ? `le ${menu.toLowerCase()}` : 'à la carte';
  if (/allergies/i.test(reply)) return customer.dietary;
  if (/À quel nom/i.test(reply)) return customer.name;
  if (/e-mail ou un numéro/i.test(reply)) return customer.email;
  return null;
}

export interface SimulatedConversation {
  label: string;
  /** The request the assistant sent, if any. */
  request?: ChatAnswer['request'];
  /** What the assistant said last. */
  lastReply: string;
}

export async function simulateCustomers(target: CustomersTarget): Promise<SimulatedConversation[]> {
  const log = target.log ?? (() => {});
  const pause = () => (target.pauseMs ? new Promise((resolve) => setTimeout(resolve, target.pauseMs)) : Promise.resolve());
  const owner = createClient(target.supabaseUrl, target.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
  const signedIn = await owner.auth.signInWithPassword({ email: target.email, password: target.password });
  if (signedIn.error) throw new Error(`Connexion de ${target.email} impossible : ${signedIn.error.message}`);
  let knowledge: Knowledge;
  try {
    const read = await owner.rpc('assistant_knowledge', { p_restaurant_id: target.restaurantId });
    if (read.error) throw new Error(`Profil du restaurant illisible : ${read.error.message}`);
    knowledge = read.data as Knowledge;
    const switched = await owner.rpc('set_request_page', { p_restaurant_id: target.restaurantId, p_enabled: true });
    if (switched.error) throw new Error(`Demandes en ligne impossibles à ouvrir : ${switched.error.message}`);
  } finally {
    await owner.auth.signOut();
  }
  log(`Restaurant : ${knowledge.restaurant.name} (demandes en ligne ouvertes)`);

  const say = async (conversation: { id: string; token: string } | undefined, text: string): Promise<ChatAnswer> => {
    log(`  Client : ${text}`);
    const response = await fetch(`${target.assistantApiUrl}/chat/${target.restaurantId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(conversation ? { conversation } : {}), text }),
    });
    const body = (await response.json()) as ChatAnswer & { message?: string };
    if (!response.ok) throw new Error(`L'assistant a répondu ${response.status} : ${body.message ?? ''}`);
    for (const reply of body.replies) log(`  Assistant : ${reply.text}`);
    return body;
  };

  const conversations: SimulatedConversation[] = [];
  for (const customer of CUSTOMERS) {
    const slot = slotFor(knowledge, customer.service, customer.weeksAhead);
    if (!slot) continue;
    const { min, max } = slot.opening.group_size;
    const people = customer.tooLarge ? max + 10 : Math.min(Math.max(customer.people, min), max);
    const menu = knowledge.menus.find((m) => !m.is_children_menu && (slot.opening.service === 'lunch' ? m.available_lunch : m.available_dinner))?.name;
    const time = slot.opening.arrival_times[Math.floor(slot.opening.arrival_times.length / 2)].replace(':', 'h');
    log(`\n— ${customer.label}`);
    let answer = await say(undefined, `${customer.opening}, on sera ${people} le ${SPOKEN_DATE.format(slot.date)} vers ${time}`);
    const conversation = { id: answer.conversation.id, token: answer.conversation.token! };
    if (customer.question) {
      await pause();
      answer = await say(conversation, customer.question);
    }
    // At most a dozen exchanges: the assistant asks, the customer answers what it recognises.
    for (let turn = 0; turn < 12 && !answer.request; turn += 1) {
      const next = answerTo(answer.replies.map((r) => r.text).join(' '), customer, menu);
      if (!next) break;
      await pause();
      answer = await say(conversation, next);
    }
    const lastReply = answer.replies.map((r) => r.text).join(' ');
    conversations.push({ label: customer.label, request: answer.request, lastReply });
    log(answer.request ? `→ demande ${answer.request.numero} envoyée au restaurant` : '→ pas de demande envoyée');
    await pause();
  }
  return conversations;
}
