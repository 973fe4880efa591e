/**
 * The customers' privacy notice (GDPR art. 13): the one text the request page, the assistant's first
 * message and the customer's page show. The controller is the restaurant; the retention is its
 * restaurants.customer_retention_months (36 by default, the CNIL's reference for customers), and conversations
 * that led to no request go after 12 months (public.run_privacy_retention). No import: the light public pages and
 * the assistant read it as it is.
 */

/** The CNIL's reference for customer data: three years after the last reservation or contact (restaurants.customer_retention_months' default and maximum). */
export const DEFAULT_RETENTION_MONTHS = 36;
/** Conversations that led to no request are deleted this long after their last message. */
export const CONVERSATION_RETENTION_MONTHS = 12;

export interface PrivacyNoticeInput {
  restaurantName: string;
  /** The restaurant's contact e-mail (restaurant_contacts.email_address), if any. */
  contactEmail?: string | null;
  /** The restaurant's phone in E.164 (restaurant_contacts.phone), if any. */
  contactPhone?: string | null;
  /** restaurants.customer_retention_months; the default when unknown. */
  retentionMonths?: number | null;
}

export interface PrivacyNotice {
  title: string;
  /** Each item: a heading ('Responsable du traitement') and its sentence. */
  items: { label: string; text: string }[];
}

/** French numbers (+33…) as '06 12 34 56 78', others as stored. */
function phoneText(e164: string): string {
  const french = /^\+33([1-9])(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(e164.trim());
  return french ? `0${french[1]} ${french.slice(2).join(' ')}` : e164.trim();
}

function monthsText(months: number): string {
  if (months % 12 === 0) {
    const years = months / 12;
    return `${months} mois (${years} an${years > 1 ? 's' : ''})`;
  }
  return `${months} mois`;
}

/** 'le restaurant Le Petit Zinc', or 'le restaurant' when it has no name yet. */
function restaurantText(name: string): string {
  return name.trim() ? `le restaurant ${name.trim()}` : 'le restaurant';
}

/** How to write to the restaurant: 'contact@zinc.fr ou 01 23 45 67 89', or null when it gave neither. */
export function privacyContact({ contactEmail, contactPhone }: Pick<PrivacyNoticeInput, 'contactEmail' | 'contactPhone'>): string | null {
  const ways = [contactEmail?.trim(), contactPhone?.trim() ? phoneText(contactPhone) : undefined].filter((w): w is string => !!w);
  return ways.length ? ways.join(' ou ') : null;
}

const retention = (months: number | null | undefined) =>
  Number.isInteger(months) && (months as number) >= 1 && (months as number) <= DEFAULT_RETENTION_MONTHS ? (months as number) : DEFAULT_RETENTION_MONTHS;

/** The full notice, as the request page and the customer's page show it. */
export function privacyNotice(input: PrivacyNoticeInput): PrivacyNotice {
  const controller = restaurantText(input.restaurantName);
  const contact = privacyContact(input);
  const writeTo = contact ? `en écrivant au restaurant (${contact})` : 'en vous adressant au restaurant';
  return {
    title: 'Vos données personnelles',
    items: [
      {
        label: 'Responsable du traitement',
        text: `${controller.charAt(0).toUpperCase()}${controller.slice(1)}${contact ? `, joignable à ${contact}` : ''}.`,
      },
      {
        label: 'Données conservées',
        text: 'votre nom, vos coordonnées (e-mail, téléphone), les détails de votre demande (date, heure, nombre de personnes, menu, options), les allergies et régimes alimentaires que vous indiquez, et vos échanges avec le restaurant.',
      },
      {
        label: 'Finalité',
        text: 'traiter votre demande de réservation de groupe et l’organiser avec vous. Les allergies et régimes que vous choisissez d’indiquer servent uniquement à adapter votre repas.',
      },
      {
        label: 'Durée de conservation',
        text: `${monthsText(retention(input.retentionMonths))} après votre dernière réservation ou votre dernier contact ; une conversation sans demande de réservation est effacée ${CONVERSATION_RETENTION_MONTHS} mois après son dernier message.`,
      },
      {
        label: 'Vos droits',
        text: `accès, rectification, effacement et portabilité de vos données : demandez-les ${writeTo}. Vous pouvez aussi adresser une réclamation à la CNIL (www.cnil.fr).`,
      },
    ],
  };
}

/** The notice as plain text: its title, then one line per item ('Responsable du traitement : …'). */
export function privacyNoticeText(input: PrivacyNoticeInput): string {
  const notice = privacyNotice(input);
  return [notice.title, ...notice.items.map((item) => `${item.label} : ${item.text}`)].join('\n');
}

/** One sentence for the assistant's first message: who keeps the data, why, and where to ask. */
export function privacyNoticeShort(input: PrivacyNoticeInput): string {
  const contact = privacyContact(input);
  return (
    `Vos données (coordonnées, demande et besoins alimentaires, cette conversation) sont conservées par ${restaurantText(input.restaurantName)} pour traiter votre réservation, ` +
    `${monthsText(retention(input.retentionMonths))} après votre dernier contact ; ` +
    `pour y accéder, les rectifier ou les effacer : ${contact ?? 'adressez-vous au restaurant'}.`
  );
}
