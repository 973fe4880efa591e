/** Row ↔ model mapping of the restaurant's sections, written once (ARCHITECTURE.md, Data). */
import { formatPhone, toE164 } from '@tablee/domain/phone';
import { storedSiret, storedVat } from './billing/rules';
import { defaultCgv, type CgvValue } from './cgv/rules';
import {
  DAYS,
  toHHMM,
  toNumber,
  type Numeric,
  type AdditionalOption,
  type AlternativeType,
  type Amenities,
  type Billing,
  type Contact,
  type Day,
  type DaySettings,
  type Faq,
  type Hours,
  type Information,
  type ItemType,
  type Menu,
  type Menus,
  type Photo,
  type Policy,
  type ResponseTime,
  type Restaurant,
  type ServiceSettings,
  type Tables,
} from '@tablee/domain';
import {
  DEFAULT_COUNTRY,
  DEFAULT_DEPOSIT_TYPE,
  DEFAULT_DINNER_HOURS,
  DEFAULT_GROUP_SIZE,
  DEFAULT_LUNCH_HOURS,
  DEFAULT_MAX_A_LA_CARTE_SIZE,
  DEFAULT_PRICE_TYPE,
  DEFAULT_PRIVATIZATION_MIN_SIZE,
  DEFAULT_RESPONSE_TIME,
} from './constants';
import { embeddedOne } from './data';
import type { AmenitiesRow, ArrivalTimeRow, BillingRow, CgvRow, ContactRow, FaqRow, HoursRow, MenuRow, OptionRow, PhotoRow, RestaurantRow } from './rows';

export const defaultAmenities = (): Amenities => ({
  groundFloor: false,
  accessibleToDisabled: false,
  parking: false,
  airConditioning: false,
  wifi: false,
  valetParking: false,
});

export function amenitiesFromRow(row: AmenitiesRow | null | undefined): Amenities {
  if (!row) return defaultAmenities();
  return {
    groundFloor: !!row.ground_floor,
    accessibleToDisabled: !!row.accessible_to_disabled,
    parking: !!row.parking,
    airConditioning: !!row.air_conditioning,
    wifi: !!row.wifi,
    valetParking: !!row.valet_parking,
  };
}

function responseTime(value: string | null | undefined): ResponseTime {
  return value === 'fast' || value === 'medium' || value === 'slow' ? value : DEFAULT_RESPONSE_TIME;
}

/** The phone numbers stored in E.164 are shown in French format ('06 12 34 56 78'). */
export function contactFromRow(row: ContactRow | null | undefined): Contact {
  return { email: row?.email ?? '', whatsapp: formatPhone(row?.whatsapp ?? ''), phone: formatPhone(row?.phone ?? ''), responseTime: responseTime(row?.response_time) };
}

/** A typed phone number as the database stores it: E.164 ('' = none; what does not parse is sent as typed, for the database to refuse). */
const storedPhone = (typed: string) => (typed.trim() ? (toE164(typed) ?? typed.trim()) : '');

/** The contact as save_restaurant_information stores it: each phone number in E.164. */
export function contactToSave(contact: Contact): Contact {
  return { ...contact, whatsapp: storedPhone(contact.whatsapp), phone: storedPhone(contact.phone ?? '') };
}

/** A restaurant's information (spec §3) from its row with the embedded amenities and contact. */
export function informationFromRow(row: Pick<RestaurantRow, 'name' | 'address' | 'description' | 'restaurant_amenities' | 'restaurant_contacts'>): Information {
  return {
    name: row.name ?? '',
    address: row.address ?? '',
    description: row.description ?? '',
    amenities: amenitiesFromRow(embeddedOne(row.restaurant_amenities)),
    contact: contactFromRow(embeddedOne(row.restaurant_contacts)),
  };
}

export function restaurantFromRow(row: RestaurantRow): Restaurant {
  const information = informationFromRow(row);
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name ?? '',
    url: row.url ?? undefined,
    firstMessage: row.first_message ?? undefined,
    address: row.address ?? '',
    description: row.description ?? '',
    hasDifferentHoursSettings: !!row.has_different_hours_settings,
    updatedAt: row.updated_at,
    information,
  };
}

export function photoFromRow(row: PhotoRow): Photo {
  return {
    id: row.id,
    url: row.url,
    altText: row.alt_text ?? '',
    displayOrder: row.display_order ?? 0,
    originalFilename: row.original_filename ?? row.filename.split('/').pop() ?? '',
    fileSize: toNumber(row.file_size),
  };
}

export function optionFromRow(row: OptionRow): AdditionalOption {
  return {
    id: row.id,
    title: row.title,
    price: toNumber(row.price),
    priceType: row.price_type === 'total' ? 'total' : DEFAULT_PRICE_TYPE,
  };
}

export const defaultBilling = (): Billing => ({
  legalInformation: { companyName: '', legalForm: '', siretNumber: '', rcsCity: '', vatNumber: '' },
  headquartersAddress: { address: '', postalCode: '', city: '', country: DEFAULT_COUNTRY },
  paymentConditions: { requiresDeposit: false, depositType: DEFAULT_DEPOSIT_TYPE, paymentLink: '' },
  remainingPayment: { onSite: true, online: false },
  bankDetails: { iban: '', bic: '' },
  billingContact: { name: '', email: '', phone: '' },
});

export function billingFromRow(row: BillingRow | null | undefined): Billing {
  if (!row) return defaultBilling();
  const online = !!row.payment_online;
  return {
    legalInformation: {
      companyName: row.company_name ?? '',
      legalForm: row.legal_form ?? '',
      siretNumber: row.siret_number ?? '',
      rcsCity: row.rcs_city ?? '',
      vatNumber: row.vat_number ?? '',
    },
    headquartersAddress: {
      address: row.address ?? '',
      postalCode: row.postal_code ?? '',
      city: row.city ?? '',
      country: row.country || DEFAULT_COUNTRY,
    },
    paymentConditions: {
      requiresDeposit: !!row.requires_deposit,
      depositMethod: row.deposit_method === 'acompte' || row.deposit_method === 'empreinte' ? row.deposit_method : undefined,
      depositType: row.deposit_type === 'fixed' || row.deposit_type === 'percentage' ? row.deposit_type : undefined,
      depositAmount: row.deposit_amount === null ? undefined : toNumber(row.deposit_amount),
      paymentLink: row.payment_link ?? '',
    },
    // Exactly one is true; the database default (and the spec's) is on site.
    remainingPayment: { onSite: !online, online },
    bankDetails: { iban: row.iban ?? '', bic: row.bic ?? '' },
    billingContact: { name: row.contact_name ?? '', email: row.contact_email ?? '', phone: formatPhone(row.contact_phone ?? '') },
  };
}

export function billingToRow(restaurantId: string, b: Billing) {
  return {
    restaurant_id: restaurantId,
    company_name: b.legalInformation.companyName,
    legal_form: b.legalInformation.legalForm,
    // In their stored forms (the table's checks): the SIRET's digits, the VAT number in capitals, the phone in E.164.
    siret_number: storedSiret(b.legalInformation.siretNumber),
    rcs_city: b.legalInformation.rcsCity,
    vat_number: storedVat(b.legalInformation.vatNumber),
    address: b.headquartersAddress.address,
    postal_code: b.headquartersAddress.postalCode,
    city: b.headquartersAddress.city,
    country: b.headquartersAddress.country || DEFAULT_COUNTRY,
    requires_deposit: b.paymentConditions.requiresDeposit,
    deposit_type: b.paymentConditions.depositType ?? null,
    deposit_amount: b.paymentConditions.depositAmount ?? null,
    deposit_method: b.paymentConditions.depositMethod ?? null,
    payment_onsite: b.remainingPayment.onSite,
    payment_online: b.remainingPayment.online,
    // Trimmed; empty means none (the column takes an https:// link or null).
    payment_link: b.paymentConditions.paymentLink?.trim() || null,
    iban: b.bankDetails.iban,
    bic: b.bankDetails.bic,
    contact_name: b.billingContact.name,
    contact_email: b.billingContact.email,
    contact_phone: storedPhone(b.billingContact.phone),
  };
}

const POLICIES: readonly Policy[] = ['same_day', '24h', '48h', '72h', '7_days'];
const policy = (value: string | null | undefined): Policy | undefined => (POLICIES.includes(value as Policy) ? (value as Policy) : undefined);

/** The CGV's columns cgvFromRow reads; those of the advance's nature and the no-show fee may be absent (a row read without them). */
type CgvColumns = Pick<CgvRow, 'cancellation_policy' | 'modification_policy' | 'link'> &
  Partial<Pick<Tables<'restaurant_cgv'>, 'advance_payment_nature' | 'no_show_fee_type' | 'no_show_fee_cents'>>;

/**
 * A restaurant's CGV (spec §3): none stored, or a value outside the choices, leaves a policy unchosen
 * (the owner must pick it); the advance's nature is arrhes unless acompte is stored; the no-show fee,
 * stored in cents, is in euros (1550 → 15,5), none without both a type and an amount.
 */
export function cgvFromRow(row: CgvColumns | null | undefined): CgvValue {
  const cgv = defaultCgv();
  if (!row) return cgv;
  const feeType = row.no_show_fee_type;
  const cents = row.no_show_fee_cents;
  return {
    cancellationPolicy: policy(row.cancellation_policy),
    modificationPolicy: policy(row.modification_policy),
    link: row.link ?? '',
    advancePaymentNature: row.advance_payment_nature === 'acompte' || row.advance_payment_nature === 'arrhes' ? row.advance_payment_nature : cgv.advancePaymentNature,
    noShowFee: (feeType === 'per_person' || feeType === 'fixed') && typeof cents === 'number' ? { type: feeType, amount: cents / 100 } : cgv.noShowFee,
  };
}

/**
 * The CGV as save_restaurant_cgv takes them (p_cgv): the link trimmed, the no-show fee in euros
 * rounded to the cent, or null for none.
 */
export function cgvToSave(value: CgvValue) {
  const fee = value.noShowFee;
  return {
    cancellationPolicy: value.cancellationPolicy,
    modificationPolicy: value.modificationPolicy,
    link: value.link.trim(),
    advancePaymentNature: value.advancePaymentNature,
    noShowFee: fee && fee.type !== 'none' ? { type: fee.type, amount: typeof fee.amount === 'number' ? Math.round(fee.amount * 100) / 100 : null } : null,
  };
}

const byDisplayOrder = (a: { display_order: number }, b: { display_order: number }) => a.display_order - b.display_order;

export function menuFromRow(row: MenuRow): Menu {
  return {
    id: row.id,
    name: row.name,
    pricePerPerson: toNumber(row.price_per_person),
    content: row.content ?? '',
    menuType: row.menu_type === 'sharing' ? 'sharing' : 'choice',
    availability: { lunch: row.available_lunch, dinner: row.available_dinner },
    items: [...(row.menu_items ?? [])].sort(byDisplayOrder).map((i) => ({ name: i.name, type: i.type as ItemType })),
    alternatives: [...(row.menu_item_alternatives ?? [])].sort(byDisplayOrder).map((a) => ({
      name: a.name,
      type: a.type as AlternativeType,
      isGlutenFree: a.is_gluten_free,
      isVegan: a.is_vegan,
      otherDietaryNotes: a.other_dietary_notes ?? '',
    })),
    isKidsMenu: row.is_children_menu,
  };
}

/** A restaurant's menus: the regular ones in display order, and the kids menu (at most one) apart. */
export function menusFromRows(rows: MenuRow[]): Menus {
  const menus = [...rows].sort(byDisplayOrder).map(menuFromRow);
  const childrenMenu = menus.find((m) => m.isKidsMenu);
  return { regularMenus: menus.filter((m) => !m.isKidsMenu), ...(childrenMenu ? { childrenMenu } : {}) };
}

export function faqFromRow(row: FaqRow): Faq {
  return { id: row.id, question: row.question, answer: row.answer, displayOrder: row.display_order };
}

// ---- Hours: one restaurant_hours row per open day, arrival times in their own table ----

export const defaultService = (kind: 'lunch' | 'dinner'): ServiceSettings => ({
  isOpen: true,
  hours: { ...(kind === 'lunch' ? DEFAULT_LUNCH_HOURS : DEFAULT_DINNER_HOURS) },
  arrivalTimes: [],
  groupSize: { ...DEFAULT_GROUP_SIZE },
  allowALaCarte: true,
  maxALaCarteSize: DEFAULT_MAX_A_LA_CARTE_SIZE,
  partialPrivatizationSupplement: false,
  partialPrivatizationMinSize: DEFAULT_PRIVATIZATION_MIN_SIZE,
  partialPrivatizationAmount: 0,
  capacity: null,
});

export const defaultDaySettings = (): DaySettings => ({ lunchService: defaultService('lunch'), dinnerService: defaultService('dinner') });

function serviceFromRow(row: HoursRow, prefix: 'lunch' | 'dinner', arrivals: ArrivalTimeRow[]): ServiceSettings {
  // The service's columns by name, without their prefix.
  const columns: Record<string, unknown> = row;
  const col = (name: string) => columns[`${prefix}_${name}`];
  const d = defaultService(prefix);
  return {
    isOpen: col('is_open') === undefined ? d.isOpen : !!col('is_open'),
    hours: { from: toHHMM(col('from_time') as string) || d.hours.from, to: toHHMM(col('to_time') as string) || d.hours.to },
    arrivalTimes: arrivals
      .filter((a) => a.day === row.day && a.service === prefix)
      .map((a) => toHHMM(a.arrival_time))
      .sort(),
    groupSize: { min: toNumber(col('group_min') as Numeric, d.groupSize.min), max: toNumber(col('group_max') as Numeric, d.groupSize.max) },
    allowALaCarte: col('allow_a_la_carte') === undefined ? d.allowALaCarte : !!col('allow_a_la_carte'),
    maxALaCarteSize: toNumber(col('max_a_la_carte_size') as Numeric, d.maxALaCarteSize),
    partialPrivatizationSupplement: !!col('partial_privatization_supplement'),
    partialPrivatizationMinSize: toNumber(col('partial_privatization_min_size') as Numeric, d.partialPrivatizationMinSize),
    partialPrivatizationAmount: toNumber(col('partial_privatization_amount') as Numeric, 0),
    capacity: col('capacity') == null ? null : toNumber(col('capacity') as Numeric),
  };
}

/**
 * Rows → hours. The first open day's row gives the default settings; every day's row gives its
 * specific settings (used only when hasDifferentSettings is true).
 */
export function hoursFromRows(daysOpen: string[] | null | undefined, hasDifferentSettings: boolean, rows: HoursRow[], arrivals: ArrivalTimeRow[]): Hours {
  const open = DAYS.filter((d) => (daysOpen ?? []).includes(d));
  const sorted = [...rows].sort((a, b) => DAYS.indexOf(a.day as Day) - DAYS.indexOf(b.day as Day));
  const settings = (row: HoursRow): DaySettings => ({
    lunchService: serviceFromRow(row, 'lunch', arrivals),
    dinnerService: serviceFromRow(row, 'dinner', arrivals),
  });
  const specificDaySettings: Partial<Record<Day, DaySettings>> = {};
  if (hasDifferentSettings) for (const row of sorted) specificDaySettings[row.day as Day] = settings(row);
  return {
    daysOpen: open,
    hasDifferentSettings,
    defaultSettings: sorted[0] ? settings(sorted[0]) : defaultDaySettings(),
    specificDaySettings,
  };
}
