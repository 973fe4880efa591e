import { buildApp } from './app';
import { loadConfig } from './config';

/** CLI entry: `pnpm --filter @tablee/reservation-service start`. */
const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    publicBaseUrl: config.publicBaseUrl,
    mail: config.smtpUrl ? 'smtp' : `outbox ${config.outboxDir}`,
    notifications: !config.outboxPollMs ? 'off' : config.databaseUrl ? 'listen and poll' : 'poll',
    whatsapp: config.whatsapp.token && config.whatsapp.phoneNumberId ? 'cloud api' : `outbox ${config.outboxDir}`,
  },
  'reservation-service ready',
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
