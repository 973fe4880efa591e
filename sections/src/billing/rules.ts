/**
 * The billing section (spec §2 'Billing', §3 Billing, §4 deposit rules, §5 required fields): deposit
 * rules per context, format checks of IBAN, BIC, SIRET and French postal code (the spec is silent on
 * them; owners expect them). Its data calls are in api.ts.
 */
import { DEFAULT_DEPOSIT_TYPE, PERCENTAGE_DEPOSIT_MAX } from '../constants';
import { isSafeLink, type Billing } from '@tablee/domain';
import type { SectionContext } from '../contract';

export type BillingValue = Billing;

export const DEPOSIT_METHOD_OPTIONS = [
  { value: 'acompte', label: 'Acompte' },
  { value: 'empreinte', label: 'Empreinte bancaire' },
] as const;
export const DEPOSIT_TYPE_OPTIONS = [
  { value: 'percentage', label: 'Pourcentage' },
  { value: 'fixed', label: 'Montant fixe' },
] as const;
export const REMAINING_PAYMENT_OPTIONS = [
  { value: 'onSite', label: 'Sur place' },
  { value: 'online', label: 'En ligne' },
] as const;
export const LEGAL_FORMS = ['SAS', 'SASU', 'SARL', 'EURL', 'SA', 'SNC', 'EI', 'Auto-entrepreneur'] as const;

/**
 * Spec §4: unchecking requiresDeposit clears the method (onboarding) or method, type and amount
 * (edit); checking it in edit sets type percentage and amount 0.
 */
export function applyDepositToggle(billing: BillingValue, checked: boolean, context: SectionContext): BillingValue {
  const { depositMethod: _method, depositType, depositAmount, ...rest } = billing.paymentConditions;
  let paymentConditions: BillingValue['paymentConditions'];
  if (!checked) paymentConditions = context === 'edit' ? { ...rest, requiresDeposit: false } : { ...rest, requiresDeposit: false, depositType, depositAmount };
  else if (context === 'edit') paymentConditions = { ...billing.paymentConditions, requiresDeposit: true, depositType: DEFAULT_DEPOSIT_TYPE, depositAmount: 0 };
  else paymentConditions = { ...billing.paymentConditions, requiresDeposit: true, depositType: depositType ?? DEFAULT_DEPOSIT_TYPE };
  return { ...billing, paymentConditions: dropUndefined(paymentConditions) };
}

const dropUndefined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Spec §5: deposit amount min 0; a percentage has step 1 and max 100, a fixed amount step 0.01. */
export function depositAmountLimits(type: BillingValue['paymentConditions']['depositType']) {
  return type === 'fixed' ? { min: 0, step: 0.01, precision: 2, max: undefined } : { min: 0, step: 1, precision: 0, max: PERCENTAGE_DEPOSIT_MAX };
}

const compact = (v: string) => v.replace(/\s+/g, '').toUpperCase();

export const IBAN_FORMAT_MESSAGE = "Format d'IBAN invalide (ex. FR76 3000 6000 0112 3456 7890 189)";
export const IBAN_CHECKSUM_MESSAGE = 'IBAN invalide : la clé de contrôle ne correspond pas, vérifiez votre saisie';
export const BIC_MESSAGE = 'BIC invalide : 8 ou 11 caractères (ex. AGRIFRPP ou AGRIFRPP878)';
export const SIRET_FORMAT_MESSAGE = 'Le numéro SIRET doit contenir exactement 14 chiffres';
export const SIRET_CHECKSUM_MESSAGE = 'Numéro SIRET invalide : la clé de contrôle ne correspond pas, vérifiez votre saisie';
export const PAYMENT_LINK_MESSAGE = 'Le lien de paiement doit être une adresse https:// complète (ex. https://buy.stripe.com/…)';

/** The French message for a payment link, or null when empty or a safe https:// address of at most 500 characters (the columns' own checks). */
export function paymentLinkError(value: string): string | null {
  const link = value.trim();
  return !link || (link.length <= 500 && isSafeLink(link)) ? null : PAYMENT_LINK_MESSAGE;
}

export const POSTAL_CODE_MESSAGE = 'Le code postal doit contenir 5 chiffres (ex. 69001)';

/** The French message for an IBAN (spaces allowed), or null when valid: format, then ISO 13616 mod-97 check. */
export function ibanError(value: string): string | null {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return IBAN_FORMAT_MESSAGE;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1 ? null : IBAN_CHECKSUM_MESSAGE;
}

/** ISO 9362: 4 letters (bank), 2 letters (country), 2 letters or digits (location), optional 3 (branch). */
export function bicError(value: string): string | null {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(value)) ? null : BIC_MESSAGE;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A SIRET as stored: its digits, without the spaces or dots it is often typed with. */
export const storedSiret = (typed: string) => typed.replace(/[\s.-]+/g, '');
/** A VAT number as stored: upper case, without spaces or dots. */
export const storedVat = (typed: string) => typed.replace(/[\s.-]+/g, '').toUpperCase();

/**
 * 14 digits (spaces allowed) with the Luhn key; La Poste's offices (SIREN 356000000) may instead have a
 * digit sum multiple of 5. The database's rule, private.siret_refusal, with its messages.
 */
export function siretError(value: string): string | null {
  const siret = storedSiret(value);
  if (!/^\d{14}$/.test(siret)) return SIRET_FORMAT_MESSAGE;
  const laPoste = siret.startsWith('356000000') && [...siret].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  return luhn(siret) || laPoste ? null : SIRET_CHECKSUM_MESSAGE;
}

export const VAT_FORMAT_MESSAGE = 'Numéro de TVA invalide : FR, une clé de 2 caractères et les 9 chiffres du SIREN (ex. FR44732829320)';
export const VAT_KEY_MESSAGE = 'Numéro de TVA invalide : la clé ne correspond pas au SIREN, vérifiez votre saisie';
export const VAT_SIREN_MESSAGE = 'Le numéro de TVA ne correspond pas au SIRET : il contient le SIREN (les 9 premiers chiffres du SIRET)';

/**
 * A French VAT number (spaces and lower case allowed): 'FR', a key of 2 characters (digits, or letters
 * but I and O), the 9 digits of the SIREN. A numeric key is 12 + 3 × (SIREN mod 97), mod 97; the SIREN
 * is the SIRET's when the SIRET is valid. The database's rule, private.vat_refusal, with its messages.
 */
export function vatError(value: string, siret: string): string | null {
  const vat = storedVat(value);
  if (!/^FR[0-9A-HJ-NP-Z]{2}\d{9}$/.test(vat)) return VAT_FORMAT_MESSAGE;
  const key = vat.slice(2, 4);
  const siren = vat.slice(4);
  if (/^\d{2}$/.test(key) && Number(key) !== (12 + 3 * (Number(siren) % 97)) % 97) return VAT_KEY_MESSAGE;
  if (siret && siretError(siret) === null && storedSiret(siret).slice(0, 9) !== siren) return VAT_SIREN_MESSAGE;
  return null;
}

/** A French postal code has 5 digits; other countries' codes are not checked. */
export function postalCodeError(value: string, country: string): string | null {
  if (country.trim().toLowerCase() !== 'france') return null;
  return /^\d{5}$/.test(value.trim()) ? null : POSTAL_CODE_MESSAGE;
}
