import fs from 'node:fs';
import path from 'node:path';
import { withDb } from '../clients';
import { freePort, tempDataDir } from '../launch';
import { isRunning } from '../processes';
import { until } from '../until';
import { allAnswered, answersEverything, BUCKET, deleteObjectRow, ownerWithPhoto, ownStacks } from '../stacks';

// Stacks of their own: these tests drop the database connections of a stack, or restart its database.
const launch = ownStacks();

/** The answer /rest/v1 gives while PostgREST is away, here from auth or storage while PostgreSQL is. */
async function expectUnavailable(response: Response) {
  expect({ status: response.status, retryAfter: response.headers.get('retry-after') }).toEqual({ status: 503, retryAfter: '1' });
  expect(await response.json()).toEqual({ code: 'api_unavailable', message: expect.stringMatching(/base de données/), details: null, hint: null });
}

const storedFile = (dataDir: string, name: string) => path.join(dataDir, 'storage', BUCKET, ...name.split('/'));

describe('local-supabase when the database drops its connections', () => {
  it('survives pg_terminate_backend of every idle connection: auth, storage and rest answer, SQL deletions still remove files', async () => {
    const stack = await launch('terminate');
    const owner = await ownerWithPhoto(stack, 'terminate');
    expect(allAnswered(await answersEverything(stack, owner))).toBe(true);

    const terminated = await withDb(async (db) => {
      const { rows } = await db.query<{ usename: string; done: boolean }>(
        `select usename, pg_terminate_backend(pid, 5000) as done from pg_stat_activity
          where pid <> pg_backend_pid() and datname = current_database() and backend_type = 'client backend' and state = 'idle'`,
      );
      return rows;
    }, stack.dbUrl);
    // The stack's own pool and listener (postgres) and PostgREST's (authenticator) were cut. (A connection
    // closed by its owner between the read of pg_stat_activity and the termination gives false: no matter.)
    expect(new Set(terminated.filter((row) => row.done).map((row) => row.usename))).toEqual(new Set(['postgres', 'authenticator']));

    // PostgREST notices its lost connections on their next use and reconnects by itself: wait for that, not for a time.
    const answers = await until(() => answersEverything(stack, owner), allAnswered, 'auth, storage and rest answer after the terminations');
    expect(answers).toEqual({ auth: null, storage: null, rest: null });
    expect(isRunning(stack.pid)).toBe(true);

    // The listener that removes the files of rows deleted with SQL has reconnected too.
    await deleteObjectRow(stack, owner.photo);
    await until(
      () => fs.existsSync(storedFile(stack.dataDir, owner.photo)),
      (exists) => !exists,
      'file of the deleted row removed',
    );
  });

  it('with DATABASE_URL, survives a restart of that PostgreSQL and answers again once it is back', async () => {
    // The "external" server is another stack's PostgreSQL, restarted by restarting that stack on the same ports and data.
    const dbPorts = { api: await freePort(), db: await freePort(), postgrest: await freePort() };
    const dbDataDir = tempDataDir('external-db');
    const database = await launch('external-db', { dataDir: dbDataDir, ports: dbPorts });
    // Same keys, so both PostgRESTs log in as `authenticator` with the password each sets at start.
    const dataDir = tempDataDir('external');
    fs.copyFileSync(path.join(dbDataDir, 'keys.json'), path.join(dataDir, 'keys.json'));
    const stack = await launch('external', { dataDir, env: { DATABASE_URL: database.dbUrl } });
    const owner = await ownerWithPhoto(stack, 'external');

    await database.stop();
    // While PostgreSQL is away, the stack stays up and says so in its answers instead of ending.
    const whileDown = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    // As /rest/v1 does while PostgREST is away: 503 with Retry-After, which clients retry, never a 500.
    await expectUnavailable(whileDown);
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${(await owner.client.auth.getSession()).data.session!.access_token}` };
    await expectUnavailable(await fetch(`${stack.url}/auth/v1/user`, { headers }));
    await expectUnavailable(await fetch(`${stack.url}/storage/v1/object/authenticated/${BUCKET}/${owner.photo}`, { headers }));
    await expectUnavailable(
      await fetch(`${stack.url}/storage/v1/object/${BUCKET}/${owner.restaurantId}/pendant-la-panne.txt`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/plain' },
        body: 'bonjour',
      }),
    );
    await expectUnavailable(await fetch(`${stack.url}/storage/v1/bucket`, { headers }));
    expect(isRunning(stack.pid)).toBe(true);

    await launch('external-db', { dataDir: dbDataDir, ports: dbPorts });
    const answers = await until(() => answersEverything(stack, owner), allAnswered, 'auth, storage and rest answer once PostgreSQL is back', 45);
    expect(answers).toEqual({ auth: null, storage: null, rest: null });
    await deleteObjectRow(stack, owner.photo);
    await until(
      () => fs.existsSync(storedFile(stack.dataDir, owner.photo)),
      (exists) => !exists,
      'file of the deleted row removed',
    );
  }, 120_000);
});
