/** Unknown addresses under /onboarding end on the welcome page, in one redirect, however the module is mounted. */
import { screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { expectOneRedirect } from '../../../tooling/jest/addresses';
import OnboardingRoutes from '../../src/routes';

const MOUNTS: [string, RouteObject[]][] = [
  // As the shell's AppRoutes nests it: under the protected layout (a route without a path).
  ['composed', [{ element: <Outlet />, children: [{ path: '/onboarding/*', element: <OnboardingRoutes /> }] }]],
  // As renderStandalone mounts it: `${mountPath}/*`.
  ['standalone', [{ path: '/onboarding/*', element: <OnboardingRoutes /> }]],
];

describe.each(MOUNTS)('%s', (_mount, routes) => {
  it.each(['/onboarding/foo/bar', '/onboarding/intro/x'])('%s → /onboarding/intro, once', async (from) => {
    await expectOneRedirect(routes, from, '/onboarding/intro', () => screen.getByRole('button', { name: 'Démarrer' }));
  });
});
