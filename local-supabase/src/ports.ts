import net from 'node:net';
import { StartupError } from './errors';

/** Fails with a clear message when something already listens on the port. */
export async function assertPortFree(port: number, what: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE' ? new StartupError(`Le port ${port} (${what}) est déjà utilisé. Arrêtez l'autre programme ou choisissez un autre port (variables LOCAL_SUPABASE_*PORT).`) : err,
      );
    });
    probe.listen({ port, host: '127.0.0.1' }, () => probe.close(() => resolve()));
  });
}
