/** The CGV section (spec §2 'CGV', §3 CGV, §5 policies and link, §6 ownership, §8 messages): value, choices, messages (data calls: api.ts). */
import { POLICY_LABELS, type Policy } from '@tablee/domain';
import { ADVANCE_NATURES, DEFAULT_ADVANCE_NATURE, type AdvanceNature } from '@tablee/domain/payments';

/** The no-show fee the CGV state (charged on the card imprint after « Non présenté »): none, per expected guest, or one sum. */
export type NoShowFeeType = 'none' | 'per_person' | 'fixed';

/** The no-show fee as the form holds it: its type and, unless none, its amount in euros (2 decimals). */
export interface NoShowFee {
  type: NoShowFeeType;
  amount?: number;
}

/** No stored CGV yet: both policies unchosen (the owner must pick them), no link, arrhes (the law's presumption), no no-show fee. */
export interface CgvValue {
  cancellationPolicy?: Policy;
  modificationPolicy?: Policy;
  /** Trimmed on save; empty means none. */
  link: string;
  /** What the sums paid in advance are under French law (restaurant_cgv.advance_payment_nature). */
  advancePaymentNature: AdvanceNature;
  /** Stored in cents (restaurant_cgv.no_show_fee_type, no_show_fee_cents), shown in euros. */
  noShowFee: NoShowFee;
}

export const defaultCgv = (): CgvValue => ({ link: '', advancePaymentNature: DEFAULT_ADVANCE_NATURE, noShowFee: { type: 'none' } });

export const POLICY_OPTIONS: readonly { value: Policy; label: string }[] = (Object.keys(POLICY_LABELS) as Policy[]).map((value) => ({ value, label: POLICY_LABELS[value] }));

/** The two natures, in the domain's words (label and the one sentence of what it means). */
export const ADVANCE_NATURE_OPTIONS: readonly { value: AdvanceNature; label: string; consequence: string }[] = (Object.keys(ADVANCE_NATURES) as AdvanceNature[]).map((value) => ({
  value,
  label: ADVANCE_NATURES[value].label,
  consequence: ADVANCE_NATURES[value].consequence,
}));

export const NO_SHOW_FEE_OPTIONS: readonly { value: NoShowFeeType; label: string }[] = [
  { value: 'none', label: 'Aucun' },
  { value: 'per_person', label: 'Par personne' },
  { value: 'fixed', label: 'Forfait' },
];

/** The no-show fee's bounds in euros, as save_restaurant_cgv checks them. */
export const NO_SHOW_FEE_MIN = 0.01;
export const NO_SHOW_FEE_MAX = 100_000;

/** A no-show fee amount save_restaurant_cgv takes: a number of euros within the bounds, 2 decimals at most. */
export const isNoShowFeeAmount = (amount: unknown): amount is number =>
  typeof amount === 'number' && Number.isFinite(amount) && amount >= NO_SHOW_FEE_MIN && amount <= NO_SHOW_FEE_MAX && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

export const ADVANCE_NATURE_HELP = 'Sans précision dans vos CGV, la loi les considère comme des arrhes.';
export const NO_SHOW_FEE_HELP = 'Prélevé uniquement après « Non présenté », sur la carte enregistrée par le client ; jamais plus que ce montant.';
export const NO_SHOW_FEE_AMOUNT_REQUIRED_MESSAGE = 'Indiquez le montant des frais';
/** save_restaurant_cgv's own words for an amount out of bounds. */
export const NO_SHOW_FEE_AMOUNT_RANGE_MESSAGE = 'Le montant des frais de non-présentation doit être compris entre 0,01 € et 100 000 €';

export const CGV_SUBMIT_LABEL = 'Sauvegarder les CGV';
export const CGV_SAVED_MESSAGE = 'CGV sauvegardées avec succès !';
export const CGV_LOAD_ERROR_MESSAGE = 'Erreur lors du chargement des CGV';
export const CGV_SAVE_ERROR_MESSAGE = 'Erreur lors de la sauvegarde des CGV';
export const RESTAURANT_ID_REQUIRED_MESSAGE = 'ID du restaurant requis';
export const NOT_SIGNED_IN_MESSAGE = 'Utilisateur non authentifié';
