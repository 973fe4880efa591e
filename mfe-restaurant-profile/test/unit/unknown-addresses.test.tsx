/** Unknown addresses under a restaurant end on its first tab, in one redirect, however the module is mounted. */
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { expectOneRedirect } from '../../../tooling/jest/addresses';
import RestaurantProfileRoutes from '../../src/routes';

const restaurantId = '5b0c7a52-5f43-4f1e-9a55-1d1c6f0f2a10';
const base = `/restaurants/${restaurantId}`;

const MOUNTS: [string, RouteObject[]][] = [
  // As the shell's AppRoutes nests it: beside the operations area, under the restaurant's layout route.
  [
    'composed',
    [
      {
        path: '/restaurants/:restaurantId',
        children: [
          { path: 'operational/*', element: null },
          { path: '*', element: <RestaurantProfileRoutes /> },
        ],
      },
    ],
  ],
  // As renderStandalone mounts it: `${mountPath}/*`.
  ['standalone', [{ path: '/restaurants/:restaurantId/*', element: <RestaurantProfileRoutes /> }]],
];

describe.each(MOUNTS)('%s', (_mount, routes) => {
  it.each([`${base}/foo`, `${base}/information/x`, `${base}/photos/x/y`, `${base}/foo/information`])('%s → the information tab, once', async (from) => {
    await expectOneRedirect(routes, from, `${base}/information`, () => screen.getByText('Informations du restaurant'));
  });
});
