import type { Config } from '../config';

/** The kitchen and dining-room sheet URLs of a reservation (spec §7: they carry its code_manage). */
export function sheetLinks(config: Config, numero: string, code: string) {
  const base = `${config.publicBaseUrl}/reservations/${encodeURIComponent(numero)}`;
  const q = `?code=${encodeURIComponent(code)}`;
  return { feuille_cuisine_url: `${base}/feuille-cuisine${q}`, feuille_salle_url: `${base}/feuille-salle${q}` };
}
