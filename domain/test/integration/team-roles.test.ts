/** The team's roles live in SQL (restaurant_members' and restaurant_invitations' checks) and in MEMBER_ROLES: the two must agree. */
import { MEMBER_ROLES, ROLE_LABELS } from '../../src/team-roles';
import { withDb } from '../../../local-supabase/test/clients';

it('the TypeScript roles are the ones the database accepts, each with its French label', async () => {
  const definitions = await withDb(
    async (db) =>
      (
        await db.query<{ definition: string }>(
          `select pg_get_constraintdef(oid) as definition from pg_constraint
            where conname in ('restaurant_members_role_check', 'restaurant_invitations_role_check') order by conname`,
        )
      ).rows,
  );
  expect(definitions).toHaveLength(2);
  for (const { definition } of definitions) expect([...definition.matchAll(/'(\w+)'::text/g)].map((m) => m[1]).sort()).toEqual([...MEMBER_ROLES].sort());
  expect(ROLE_LABELS).toEqual({ owner: 'Propriétaire', manager: 'Gérant' });
});
