/** The sections' time slots and defaults (spec §9). */
export const TIME_SLOT_STEP_MINUTES = 15;
/** Every 15 minutes from 00:00 to 23:45 (96 values). */
export const TIME_SLOTS: readonly string[] = Array.from({ length: (24 * 60) / TIME_SLOT_STEP_MINUTES }, (_, i) => {
  const minutes = i * TIME_SLOT_STEP_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const DEFAULT_LUNCH_HOURS = { from: '12:00', to: '14:00' } as const;
export const DEFAULT_DINNER_HOURS = { from: '19:00', to: '22:00' } as const;
export const DEFAULT_GROUP_SIZE = { min: 1, max: 20 } as const;
export const DEFAULT_MAX_A_LA_CARTE_SIZE = 10;
export const DEFAULT_PRIVATIZATION_MIN_SIZE = 10;

export const DEFAULT_COUNTRY = 'France';
export const DEFAULT_DEPOSIT_TYPE = 'percentage' as const;
export const PERCENTAGE_DEPOSIT_MAX = 100;
export const DEFAULT_PRICE_TYPE = 'per_person' as const;

export const DEFAULT_KIDS_MENU_NAME = 'Menu Enfant';
export const DEFAULT_KIDS_MENU_PRICE = 0;

export const RESPONSE_TIME_OPTIONS = [
  { value: 'fast', label: '1-2h' },
  { value: 'medium', label: 'Sous 6h' },
  { value: 'slow', label: 'Sous 24h' },
] as const;
export const DEFAULT_RESPONSE_TIME = 'medium' as const;
