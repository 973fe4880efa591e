/**
 * Run-time configuration, read from /config.json of the serving origin (written at start time by the
 * launcher or the deployment, never committed and never baked into a build).
 */
export interface RemoteConfig {
  /** URL of the remote's mf-manifest.json. */
  entry: string;
}

export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  reservationApiUrl: string;
  /** Keyed by federation name: mfe_onboarding, mfe_restaurant_profile, mfe_operations, mfe_public_links. */
  remotes: Record<string, RemoteConfig>;
}

export class ConfigError extends Error {}

export function parseAppConfig(raw: unknown): AppConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigError('config.json : objet attendu');
  const c = raw as Record<string, unknown>;
  for (const key of ['supabaseUrl', 'supabaseAnonKey'] as const) {
    if (typeof c[key] !== 'string' || !c[key]) throw new ConfigError(`config.json : « ${key} » manquant`);
  }
  const remotes: Record<string, RemoteConfig> = {};
  if (c.remotes && typeof c.remotes === 'object') {
    for (const [name, value] of Object.entries(c.remotes as Record<string, unknown>)) {
      const entry = typeof value === 'string' ? value : (value as { entry?: unknown })?.entry;
      if (typeof entry === 'string' && entry) remotes[name] = { entry };
    }
  }
  return {
    supabaseUrl: c.supabaseUrl as string,
    supabaseAnonKey: c.supabaseAnonKey as string,
    reservationApiUrl: typeof c.reservationApiUrl === 'string' ? c.reservationApiUrl : '',
    remotes,
  };
}

let current: AppConfig | null = null;

/** Fetches and remembers /config.json (no cache: a redeployed config applies on the next load). */
export async function loadAppConfig(url = '/config.json'): Promise<AppConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new ConfigError(`config.json introuvable (${response.status})`);
  current = parseAppConfig(await response.json());
  return current;
}

export function setAppConfig(config: AppConfig): void {
  current = config;
}

export function getAppConfig(): AppConfig {
  if (!current) throw new ConfigError('Configuration non chargée');
  return current;
}

/** A reservation-service API URL: `path` under the configured API base (…/api). */
export function reservationApiEndpoint(path: string, config: Pick<AppConfig, 'reservationApiUrl'> = getAppConfig()): string {
  return `${config.reservationApiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The text of a non-OK reservation-service answer (spec §8): 'Erreur API {status}: {body}', the body
 * read as its French message when it is the service's JSON answer ({ message }), else as it came.
 */
export function reservationApiError(status: number, body: string): string {
  return `Erreur API ${status}: ${serviceMessage(body)}`;
}

function serviceMessage(body: string): string {
  try {
    const message: unknown = (JSON.parse(body) as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message ? message : body;
  } catch {
    return body;
  }
}

/** What the owner reads when the reservation service cannot be reached: never the browser's 'Failed to fetch'. */
export const RESERVATION_SERVICE_UNREACHABLE = 'Le service de réservation est injoignable. Réessayez dans un instant.';
