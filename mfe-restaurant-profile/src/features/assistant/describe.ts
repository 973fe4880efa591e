/**
 * What the assistant will tell a group, in French, from its knowledge (one sentence per fact). Pure,
 * so that each wording is tested; the labels are the forms' own (one place for each).
 */
import { AMENITY_LABELS, DAY_LABELS, DEPOSIT_METHOD_OPTIONS, itemTypeLabel, POLICY_OPTIONS, priceTypeLabel } from '@tablee/sections';
import { formatEuros, formatLongDate } from '@tablee/shared';
import type { AssistantKnowledge, Day, KnowledgeMenu, KnowledgeOption, KnowledgeService } from '@tablee/domain';

const SERVICE_NAMES = { lunch: 'Midi', dinner: 'Soir' } as const;

const list = (values: string[]) => values.join(', ');

/** « Midi 12:00–14:00 : arrivées à 12:00, 12:30 ; groupes de 8 à 24 personnes ; 40 couverts au plus. » */
export function describeService(s: KnowledgeService): string {
  const parts = [s.arrival_times.length > 0 ? `arrivées à ${list(s.arrival_times)}` : 'aucune heure d’arrivée', `groupes de ${s.group_size.min} à ${s.group_size.max} personnes`];
  if (s.capacity !== null) parts.push(`${s.capacity} couverts au plus`);
  if (s.a_la_carte.allowed) parts.push(`à la carte jusqu’à ${s.a_la_carte.max_group_size} personnes`);
  if (s.partial_privatization.supplement) parts.push(`privatisation partielle dès ${s.partial_privatization.min_group_size} personnes (${formatEuros(s.partial_privatization.amount)})`);
  return `${SERVICE_NAMES[s.service]} ${s.from}–${s.to} : ${parts.join(' ; ')}.`;
}

/** Each open day with its services, then the closed days in one line. */
export function describeWeek(days: AssistantKnowledge['days']): { day: string; services: string[] }[] {
  return days.filter((d) => d.is_open && d.services.length > 0).map((d) => ({ day: DAY_LABELS[d.day as Day], services: d.services.map(describeService) }));
}

export function closedDays(days: AssistantKnowledge['days']): string[] {
  return days.filter((d) => !d.is_open || d.services.length === 0).map((d) => DAY_LABELS[d.day as Day]);
}

/** « vendredi 25 décembre 2026 : fermé midi et soir (Noël) »: the upcoming exceptional closures, one per date. */
export const describeClosures = (closures: AssistantKnowledge['closures']): string[] =>
  closures.map((c) => `${formatLongDate(c.date)} : fermé ${c.services.map((s) => SERVICE_NAMES[s].toLowerCase()).join(' et ')}${c.reason ? ` (${c.reason})` : ''}`);

const when = (m: KnowledgeMenu) => (m.available_lunch && m.available_dinner ? 'midi et soir' : m.available_lunch ? 'le midi' : m.available_dinner ? 'le soir' : 'jamais proposé');

/** « Menu Découverte : 39,50 € par personne, midi et soir. » */
export const describeMenu = (m: KnowledgeMenu): string => `${m.name} : ${formatEuros(m.price_per_person)} par personne, ${when(m)}.`;

export const describeItems = (m: KnowledgeMenu): string[] => m.items.map((i) => `${itemTypeLabel(i.type as never)} : ${i.name}`);

/** Dietary alternatives, each with its flags: « Risotto aux cèpes (Plat ; sans gluten ; sans lactose) ». */
export function describeAlternatives(m: KnowledgeMenu): string[] {
  return m.alternatives.map((a) => {
    const flags = [itemTypeLabel(a.type as never), a.is_gluten_free && 'sans gluten', a.is_vegan && 'végan', a.other_dietary_notes?.trim()].filter(Boolean);
    return `${a.name} (${flags.join(' ; ')})`;
  });
}

/** What a group can eat under a diet, across the menus. */
export function dietarySummary(menus: KnowledgeMenu[]): { glutenFree: string[]; vegan: string[] } {
  const pick = (keep: (a: KnowledgeMenu['alternatives'][number]) => boolean) => menus.flatMap((m) => m.alternatives.filter(keep).map((a) => `${a.name} (${m.name})`));
  return { glutenFree: pick((a) => a.is_gluten_free), vegan: pick((a) => a.is_vegan) };
}

export const describeOption = (o: KnowledgeOption): string => `${o.title} : ${formatEuros(o.price)} (${priceTypeLabel(o.price_type).toLowerCase()})`;

/** The deposit and how the rest is paid. */
export function describePayment(k: Pick<AssistantKnowledge, 'deposit' | 'payment'>): string[] {
  const lines: string[] = [];
  const { deposit, payment } = k;
  if (deposit.required && deposit.method) {
    const method = DEPOSIT_METHOD_OPTIONS.find((o) => o.value === deposit.method)!.label;
    const amount = deposit.amount === null ? '' : deposit.type === 'percentage' ? ` de ${deposit.amount} % du montant` : ` de ${formatEuros(deposit.amount)}`;
    // « un acompte … demandé », « une empreinte … demandée ».
    lines.push(`${method}${amount} ${deposit.method === 'empreinte' ? 'demandée' : 'demandé'} à la réservation.`);
  } else lines.push('Aucun acompte ni empreinte bancaire demandé.');
  lines.push(payment.online ? 'Le solde se règle en ligne.' : 'Le solde se règle sur place.');
  if (payment.payment_link) lines.push(`Lien de paiement de l’acompte : ${payment.payment_link}`);
  return lines;
}

const policyLabel = (value: string) => POLICY_OPTIONS.find((o) => o.value === value)?.label ?? value;

/** The CGV's two policies, as delays before the meal. */
export function describePolicies(cgv: NonNullable<AssistantKnowledge['cgv']>): string[] {
  const delay = (value: string) => (value === 'same_day' ? 'jusqu’au jour J' : `jusqu’à ${policyLabel(value)} avant le repas`);
  const lines = [`Annulation possible ${delay(cgv.cancellation_policy)}.`, `Modification possible ${delay(cgv.modification_policy)}.`];
  if (cgv.link) lines.push(`Conditions générales de vente : ${cgv.link}`);
  return lines;
}

/** The amenities the assistant may mention, with the information form's labels (the knowledge's keys are snake_case). */
export const amenityLabels = (k: Pick<AssistantKnowledge, 'amenities'>): string[] =>
  AMENITY_LABELS.filter(({ key }) => k.amenities[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as keyof AssistantKnowledge['amenities']]).map(({ label }) => label);
