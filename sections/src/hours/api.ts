/** The hours section's data calls: the days' rows to load, save_restaurant_hours (one transaction) to save. */
import { callRpc, selectRestaurant } from '../data';
import type { SectionApi, SectionContext } from '../contract';
import { hoursFromRows } from '../mappers';
import { defaultHours, hoursToRpc, normalizeHours, type HoursValue } from './rules';

/**
 * The hours api of a context. A restaurant whose hours were never saved (open days but no hours
 * rows: saving always writes one row per open day) loads the context's defaults, as not stored.
 */
export function createHoursApi(context: SectionContext): SectionApi<HoursValue> {
  return {
    // The two contexts load different defaults for hours never saved.
    key: `hours-${context}`,
    async load(restaurantId) {
      const data = await selectRestaurant(restaurantId, 'days_open, has_different_hours_settings, restaurant_hours(*), restaurant_arrival_times(day, service, arrival_time)');
      const rows = data.restaurant_hours ?? [];
      if (rows.length === 0 && (data.days_open ?? []).length > 0) return { value: defaultHours(context), stored: false };
      return { value: normalizeHours(hoursFromRows(data.days_open, !!data.has_different_hours_settings, rows, data.restaurant_arrival_times ?? [])), stored: true };
    },
    async save(restaurantId, value) {
      await callRpc('save_restaurant_hours', { p_restaurant_id: restaurantId, p_hours: hoursToRpc(value) });
    },
  };
}

/** The edit tab's hours api. */
export const hoursApi = createHoursApi('edit');
