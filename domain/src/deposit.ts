/**
 * The deposit a reservation owes under the restaurant's billing terms (Facturation), as every answer
 * carries it. Its rule is the database's alone (private.deposit_for: answers, the request page's check,
 * e-mails, sheets and exports):
 *   - percentage: that share of the total, to the cent; fixed: that amount, never above the total;
 *   - acompte: money taken in advance; empreinte bancaire: a card imprint, a guarantee, nothing taken.
 * Money taken in advance is, under the CGV (restaurant_cgv.advance_payment_nature), either arrhes or an
 * acompte (./payments): every word said of it follows that nature, with French agreement (« des arrhes …
 * seront demandées », « un acompte … sera demandé »).
 */
import { formatEuros } from '@tablee/shared/format';
import { DEFAULT_ADVANCE_NATURE, type AdvanceNature } from './payments';

export interface Deposit {
  method: 'acompte' | 'empreinte';
  amount: number;
  /** Set when the terms are a share of the total. */
  percentage?: number;
  /** Money taken in advance (method 'acompte'): arrhes or acompte, as the CGV say; absent for a card imprint. Read as arrhes when absent (the law's presumption). */
  nature?: AdvanceNature;
}

/** What money taken in advance is (arrhes unless the deposit says acompte); null for a card imprint or no deposit. */
export function depositNature(deposit: Pick<Deposit, 'method' | 'nature'> | null | undefined): AdvanceNature | null {
  if (deposit?.method !== 'acompte') return null;
  return deposit.nature ?? DEFAULT_ADVANCE_NATURE;
}

/**
 * How a sum is spoken of in a sentence, agreed in gender and number: arrhes (feminine plural), an
 * acompte (masculine singular), or a payment (masculine singular) when nothing was asked in advance.
 */
export interface SumWords {
  /** 'Arrhes', 'Acompte', 'Paiement': a label's first word. */
  label: string;
  /** 'arrhes', 'acompte', 'paiement'. */
  noun: string;
  /** 'des arrhes', 'un acompte', 'un paiement'. */
  a: string;
  /** 'les arrhes', 'l’acompte', 'le paiement'. */
  the: string;
  /** 'vos arrhes', 'votre acompte', 'votre paiement'. */
  your: string;
  /** 'des arrhes', 'de l’acompte', 'du paiement' (« le sort des arrhes »). */
  ofThe: string;
  /** The object pronoun: 'les' (« versez-les »), 'le'. */
  it: string;
  /** Arrhes are plural (« les arrhes restent »), an acompte and a payment singular. */
  plural: boolean;
  /** 'sont' or 'est'. */
  is: string;
  /** 'seront' or 'sera'. */
  willBe: string;
  /** A past participle or adjective agreed with it, from its masculine singular: agree('reçu') is 'reçues' for arrhes, 'reçu' for an acompte. */
  agree: (masculineSingular: string) => string;
}

const words = (w: Omit<SumWords, 'agree' | 'plural' | 'is' | 'willBe'>, { feminine, plural }: { feminine: boolean; plural: boolean }): SumWords => ({
  ...w,
  plural,
  is: plural ? 'sont' : 'est',
  willBe: plural ? 'seront' : 'sera',
  agree: (participle) => {
    const gender = feminine && !participle.endsWith('e') ? `${participle}e` : participle;
    return plural && !/[sx]$/.test(gender) ? `${gender}s` : gender;
  },
});

/** The words of each nature of money taken in advance. */
export const ADVANCE_WORDS: Readonly<Record<AdvanceNature, SumWords>> = {
  arrhes: words({ label: 'Arrhes', noun: 'arrhes', a: 'des arrhes', the: 'les arrhes', your: 'vos arrhes', ofThe: 'des arrhes', it: 'les' }, { feminine: true, plural: true }),
  acompte: words({ label: 'Acompte', noun: 'acompte', a: 'un acompte', the: 'l’acompte', your: 'votre acompte', ofThe: 'de l’acompte', it: 'le' }, { feminine: false, plural: false }),
};

/** The words of a sum received when nothing was asked in advance (paid in full before the meal). */
export const PAYMENT_WORDS: SumWords = words(
  { label: 'Paiement', noun: 'paiement', a: 'un paiement', the: 'le paiement', your: 'votre paiement', ofThe: 'du paiement', it: 'le' },
  { feminine: false, plural: false },
);

/** The words of what a deposit takes in advance (its nature's), or of a payment when it takes nothing (none, or a card imprint). */
export function sumWords(deposit: Pick<Deposit, 'method' | 'nature'> | null | undefined): SumWords {
  const nature = depositNature(deposit);
  return nature ? ADVANCE_WORDS[nature] : PAYMENT_WORDS;
}

/** 'arrhes de 30 % du total, soit 158,40 €', 'acompte de 150,00 €', 'empreinte bancaire de 150,00 €': the e-mails', the sheets' and the assistant's words. */
export function depositText(deposit: Deposit): string {
  const what = deposit.method === 'empreinte' ? 'empreinte bancaire' : ADVANCE_WORDS[depositNature(deposit)!].noun;
  return deposit.percentage === undefined ? `${what} de ${formatEuros(deposit.amount)}` : `${what} de ${deposit.percentage} % du total, soit ${formatEuros(deposit.amount)}`;
}

/** depositText with its indefinite article: 'des arrhes de …', 'un acompte de …', 'une empreinte bancaire de …'. */
export function aDepositText(deposit: Deposit): string {
  const nature = depositNature(deposit);
  return `${nature === 'arrhes' ? 'des' : nature === 'acompte' ? 'un' : 'une'} ${depositText(deposit)}`;
}

/** depositText with the possessive: 'vos arrhes de …', 'votre acompte de …', 'votre empreinte bancaire de …'. */
export function yourDepositText(deposit: Deposit): string {
  return `${depositNature(deposit) === 'arrhes' ? 'vos' : 'votre'} ${depositText(deposit)}`;
}
