/**
 * The guest book's changes: the owner's notes, merge and split (members), the export and the erasure
 * (owners: the SQL refuses a manager, 42501), the retention setting (owners: a trigger refuses the others).
 * Each invalidates the guest book and the restaurant's reservations (names, hints) it changed.
 */
import { customerKeys, reservationKeys } from '@tablee/operations-data';
import { getSupabase, type CustomerExport } from '@tablee/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callReservationService } from '../../../lib/reservationService';
import { customerExportHtml, exportFileBase } from '../format';

/** The database's French sentence when it has one for a reader; else a plain one. */
export function customerErrorMessage(error: unknown, fallback = 'Une erreur est survenue. Réessayez.'): string {
  const e = error as { code?: string; message?: string } | null;
  if (e?.code === '42501') return 'Seul un propriétaire peut faire cela.';
  if (e?.code === '23514' || e?.code === '22023' || e?.code === 'P0002') return e.message || fallback;
  if (error instanceof Error && error.message && !/fetch|network/i.test(error.message)) return error.message;
  return fallback;
}

function useInvalidate(restaurantId: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: customerKeys.all(restaurantId) }), queryClient.invalidateQueries({ queryKey: reservationKeys.all(restaurantId) })]);
}

export interface CustomerNotes {
  notes: string;
  tags: string[];
  company: string;
}

export function useSaveCustomerNotes(restaurantId: string, customerId: string) {
  const invalidate = useInvalidate(restaurantId);
  return useMutation({
    mutationFn: async (values: CustomerNotes) => {
      const { data, error } = await getSupabase().rpc('save_customer_notes', {
        p_restaurant_id: restaurantId,
        p_customer_id: customerId,
        p_notes: values.notes.trim(),
        p_tags: values.tags.map((t) => t.trim()).filter(Boolean),
        p_company: values.company.trim(),
      });
      if (error) throw error;
      return data;
    },
    onSuccess: invalidate,
  });
}

/** 'Fusionner avec…': `merge` joins the kept entry (the one shown) and disappears. */
export function useMergeCustomers(restaurantId: string, keep: string) {
  const invalidate = useInvalidate(restaurantId);
  return useMutation({
    mutationFn: async (merge: string) => {
      const { data, error } = await getSupabase().rpc('merge_customers', { p_restaurant_id: restaurantId, p_keep: keep, p_merge: merge });
      if (error) throw error;
      return data;
    },
    onSuccess: invalidate,
  });
}

/** 'Séparer…': the chosen reservations become a new entry. */
export function useSplitCustomer(restaurantId: string, customerId: string) {
  const invalidate = useInvalidate(restaurantId);
  return useMutation({
    mutationFn: async (reservationIds: string[]) => {
      const { data, error } = await getSupabase().rpc('split_customer', { p_restaurant_id: restaurantId, p_customer_id: customerId, p_reservation_ids: reservationIds });
      if (error) throw error;
      return data;
    },
    onSuccess: invalidate,
  });
}

/** A file handed to the browser through an object URL and a link's `download`, as the other exports do. */
function saveFile(content: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type }));
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(url));
}

export async function exportCustomerData(restaurantId: string, customerId: string): Promise<CustomerExport> {
  const { data, error } = await getSupabase().rpc('export_customer_data', { p_restaurant_id: restaurantId, p_customer_id: customerId });
  if (error) throw error;
  return data;
}

/** 'Exporter les données': client-<name>.json (everything, as stored) and client-<name>.html (the same, to read). */
export function useExportCustomer(restaurantId: string, customerId: string) {
  return useMutation({
    mutationFn: ({ customerName, restaurantName }: { customerName: string; restaurantName: string }) =>
      exportCustomerData(restaurantId, customerId).then((data) => ({ data, customerName, restaurantName })),
    onSuccess: ({ data, customerName, restaurantName }) => {
      const base = exportFileBase(customerName);
      saveFile(JSON.stringify(data, null, 2), `${base}.json`, 'application/json;charset=utf-8');
      saveFile(customerExportHtml(data, customerName, restaurantName), `${base}.html`, 'text/html;charset=utf-8');
    },
  });
}

export interface ErasureAnswer {
  success: true;
  message: string;
  reservations: number;
  conversations: number;
  messages: number;
  outbox: number;
  files: number;
}

/** 'Effacer ce client': the reservation service erases in the database as the owner, then the outbox's files. */
export function useEraseCustomer(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (customerId: string) =>
      callReservationService<ErasureAnswer>('customers/erase', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ restaurant_id: restaurantId, customer_id: customerId }),
      }),
    // Everything is read again but the erased entry's own page, which the caller leaves first, then forgets (forgetErased).
    onSuccess: (_answer, customerId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.all(restaurantId), predicate: (query) => query.queryKey[3] !== 'detail' || query.queryKey[4] !== customerId }),
        queryClient.invalidateQueries({ queryKey: reservationKeys.all(restaurantId) }),
      ]),
  });
}

/** Forgets an erased customer's page once it is left (reading it again would only say 'Client non trouvé'). */
export function useForgetCustomer(restaurantId: string) {
  const queryClient = useQueryClient();
  return (customerId: string) => queryClient.removeQueries({ queryKey: customerKeys.detail(restaurantId, customerId) });
}

/** 'Conservation des données des clients': owners only (the database's trigger refuses the others). */
export function useSaveRetention(restaurantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (months: number) => {
      const { data, error } = await getSupabase().from('restaurants').update({ customer_retention_months: months }).eq('id', restaurantId).select('id');
      if (error) throw error;
      if (!data?.length) throw new Error('Restaurant non trouvé');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all(restaurantId) }),
  });
}
