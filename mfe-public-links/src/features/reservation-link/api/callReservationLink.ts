import { getAppConfig } from '@tablee/shared';

export type LinkAction = 'accept' | 'reject';

export interface LinkResponse {
  success: boolean;
  numero_reservation_restaurateur?: string;
}

/**
 * POST {reservation API}/reservations/{numero}/{accept|reject}/{code_manage} (spec §7).
 * A non-OK answer throws 'Erreur API {status}: {body}' (spec §8).
 */
export async function callReservationLink(action: LinkAction, numero: string, codeManage: string): Promise<LinkResponse> {
  const base = getAppConfig().reservationApiUrl.replace(/\/+$/, '');
  const response = await fetch(`${base}/reservations/${encodeURIComponent(numero)}/${action}/${encodeURIComponent(codeManage)}`, { method: 'POST' });
  if (!response.ok) throw new Error(`Erreur API ${response.status}: ${await response.text()}`);
  return (await response.json()) as LinkResponse;
}
