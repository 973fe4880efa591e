import { loadAppConfig, type AppConfig } from '@tablee/shared/core';

let loading: Promise<AppConfig> | null = null;

/** /config.json, read once per page: a light start reads it, the full application it opens reuses it. */
export function appConfig(): Promise<AppConfig> {
  loading ??= loadAppConfig();
  return loading;
}
