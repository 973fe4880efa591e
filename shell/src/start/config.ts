import { ConfigError, parseAppConfig, setAppConfig, type AppConfig } from '@tablee/shared/core';
import { configResponse } from './early';

let loading: Promise<AppConfig> | null = null;

/**
 * /config.json, read once per page from the request the entry chunk sent (early.ts), checked and kept
 * as the kernel's loadAppConfig does: a light start reads it, the full application it opens reuses it.
 */
export function appConfig(): Promise<AppConfig> {
  loading ??= configResponse.then(async (response) => {
    if (!response.ok) throw new ConfigError(`config.json introuvable (${response.status})`);
    const config = parseAppConfig(await response.json());
    setAppConfig(config);
    return config;
  });
  return loading;
}
