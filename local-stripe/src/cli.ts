import { startLocalStripe } from './index';

/** `pnpm start` in local-stripe: the server in the foreground until Ctrl-C (or SIGTERM), with its keys from the environment. */
async function main() {
  const env = process.env;
  const port = Number(env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0) throw new Error(`PORT doit être un numéro de port (reçu : ${env.PORT})`);
  const options = {
    secretKey: env.STRIPE_SECRET_KEY || 'sk_test_tablee_local',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET || 'whsec_tablee_local',
    clientId: env.STRIPE_CLIENT_ID || 'ca_tablee_local',
    webhookUrl: env.STRIPE_WEBHOOK_URL || undefined,
    host: env.HOST || undefined,
    port,
  };
  const server = await startLocalStripe(options);
  if (env.LOCAL_STRIPE_READY_JSON === '1') {
    // Machine-readable line for the processes that start this one.
    console.log(`LOCAL_STRIPE_READY ${JSON.stringify({ url: server.url })}`);
  } else {
    console.log(
      [
        `local-stripe prêt sur ${server.url}`,
        `  clé secrète      ${options.secretKey}`,
        `  secret webhooks  ${options.webhookSecret}`,
        `  client Connect   ${options.clientId}`,
        `  webhooks vers    ${options.webhookUrl ?? '(aucune adresse : les événements sont seulement enregistrés)'}`,
      ].join('\n'),
    );
  }
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('local-stripe n’a pas pu démarrer :', error instanceof Error ? error.message : error);
  process.exit(1);
});
