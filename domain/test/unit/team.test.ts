import { ROLE_LABELS, isMemberRole, memberRole, teamErrorMessage } from '../../src/team';

it('says the last owner’s refusal as the tab says it, and passes the database’s French messages on', () => {
  expect(teamErrorMessage({ code: '23514', message: 'Le restaurant doit garder au moins un propriétaire' })).toBe(
    'Le restaurant doit garder au moins un propriétaire : nommez d’abord un autre propriétaire.',
  );
  expect(teamErrorMessage({ code: '42501', message: 'Seul un propriétaire du restaurant peut gérer son équipe' })).toBe('Seul un propriétaire du restaurant peut gérer son équipe');
  expect(teamErrorMessage(null)).toBe('Une erreur est survenue');
});

it('knows the two roles and their French labels', () => {
  expect(ROLE_LABELS).toEqual({ owner: 'Propriétaire', manager: 'Gérant' });
  expect(['owner', 'manager', 'admin', null].map(isMemberRole)).toEqual([true, true, false, false]);
});

it('reads an unknown role as a manager, never as an owner', () => {
  expect(['owner', 'manager', 'admin', null, undefined].map(memberRole)).toEqual(['owner', 'manager', 'manager', 'manager', 'manager']);
});
