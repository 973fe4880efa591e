/**
 * The API roles' statement timeouts, as hosted Supabase sets them (anon 3 s, authenticated 8 s, the
 * service role 8 s): one stuck call is cancelled instead of holding a connection of PostgREST's pool
 * (and its locks) for ever.
 */
import { client, withDb } from '../clients';
import { ownStacks } from '../stacks';
import { until } from '../until';

// A stack of its own: the test adds functions to its public schema, which the run's stack (its
// database types, its schema rules) must never see.
const launch = ownStacks();

describe('statement timeouts of the API roles', () => {
  it('PostgREST applies each role’s timeout, and cancels a call that runs past it', async () => {
    const stack = await launch('timeouts');
    await withDb(async (db) => {
      await db.query(`create function public.test_statement_timeout() returns text language sql as $$ select current_setting('statement_timeout') $$`);
      await db.query(`create function public.test_sleep(p_seconds float8) returns boolean language sql as $$ select pg_sleep(p_seconds) is not null $$`);
      await db.query(`grant execute on function public.test_statement_timeout(), public.test_sleep(float8) to anon, authenticated, service_role`);
      await db.query(`notify pgrst, 'reload schema'`);
    }, stack.dbUrl);
    const anon = client(stack.anonKey, stack.url);
    const service = client(stack.serviceRoleKey, stack.url);
    const signedIn = client(stack.anonKey, stack.url);
    const email = `timeouts-${Date.now()}@test.tablee.fr`;
    expect((await signedIn.auth.signUp({ email, password: 'motdepasse-solide' })).error).toBeNull();

    // The schema reload is asynchronous: wait for the function to be there.
    await until(
      async () => await anon.rpc('test_statement_timeout'),
      ({ error }) => error === null,
      'PostgREST sees the test functions',
    );
    const timeouts = {
      anon: (await anon.rpc('test_statement_timeout')).data,
      authenticated: (await signedIn.rpc('test_statement_timeout')).data,
      service_role: (await service.rpc('test_statement_timeout')).data,
    };
    expect(timeouts).toEqual({ anon: '3s', authenticated: '8s', service_role: '8s' });

    // A call past its role's timeout is cancelled (57014), and the API answers the next one at once.
    const slow = await anon.rpc('test_sleep', { p_seconds: 4 });
    expect(slow.error).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(await signedIn.rpc('test_sleep', { p_seconds: 0.1 })).toMatchObject({ data: true, error: null });
  });
});
