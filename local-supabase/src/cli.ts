import { readConfig } from './config';
import { StartupError } from './errors';
import { startStack } from './stack';

/** `pnpm start` in local-supabase: runs the stack in the foreground until Ctrl-C. */
async function main() {
  const config = readConfig();
  const stack = await startStack(config);
  const ready = {
    url: stack.url,
    dbUrl: stack.dbUrl,
    anonKey: stack.keys.anonKey,
    serviceRoleKey: stack.keys.serviceRoleKey,
    jwtSecret: stack.keys.jwtSecret,
    migrationsApplied: stack.migrations.applied,
    seeded: stack.migrations.seeded,
  };
  if (process.env.LOCAL_SUPABASE_READY_JSON === '1') {
    // Machine-readable line for the processes that start this one (tests, the app launcher).
    console.log(`LOCAL_SUPABASE_READY ${JSON.stringify(ready)}`);
  } else {
    console.log(
      [
        '',
        `local-supabase prêt sur ${stack.url}`,
        `  API REST     ${stack.url}/rest/v1`,
        `  Auth         ${stack.url}/auth/v1`,
        `  Storage      ${stack.url}/storage/v1`,
        `  anon key     ${stack.keys.anonKey}`,
        `  service_role ${stack.keys.serviceRoleKey}`,
        `  JWT secret   ${stack.keys.jwtSecret}`,
        `  données      ${config.dataDir}`,
        stack.migrations.applied.length ? `  migrations appliquées : ${stack.migrations.applied.join(', ')}` : '  migrations : à jour',
        stack.migrations.seeded ? '  données de démonstration chargées (supabase/seed.sql)' : '',
        '  compte de démonstration : demo@tablee.fr / tablee-demo',
        '',
      ]
        .filter((l) => l !== '')
        .join('\n'),
    );
  }
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  if (err instanceof StartupError) console.error(`local-supabase : ${err.message}`);
  else console.error('local-supabase n’a pas pu démarrer :', err instanceof Error ? err.message : err);
  process.exit(1);
});
