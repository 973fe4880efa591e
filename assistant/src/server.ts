import { buildApp } from './app';
import { loadConfig } from './config';

/** CLI entry: `pnpm --filter @tablee/assistant start`. */
const config = loadConfig();
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
app.log.info({ engine: 'built-in' }, 'assistant ready');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
