/** Unknown addresses in the operational area end on the list of their section, in one redirect, however the module is mounted. */
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { expectOneRedirect } from '../../../tooling/jest/addresses';
import OperationsRoutes from '../../src/routes';

const restaurantId = '5b0c7a52-5f43-4f1e-9a55-1d1c6f0f2a10';
const operational = `/restaurants/${restaurantId}/operational`;

const MOUNTS: [string, RouteObject[]][] = [
  // As the shell's AppRoutes nests it: under the restaurant's layout route, beside the profile's catch-all.
  [
    'composed',
    [
      {
        path: '/restaurants/:restaurantId',
        children: [
          { path: 'operational/*', element: <OperationsRoutes /> },
          { path: '*', element: null },
        ],
      },
    ],
  ],
  // As renderStandalone mounts it: `${mountPath}/*`.
  ['standalone', [{ path: '/restaurants/:restaurantId/operational/*', element: <OperationsRoutes /> }]],
];

const heading = (name: string) => () => screen.getByRole('heading', { name });

describe.each(MOUNTS)('%s', (_mount, routes) => {
  it.each([`${operational}/foo`, `${operational}/foo/bar`, `${operational}/reservations/TBL-1/x`])('%s → the reservation list, once', async (from) => {
    await expectOneRedirect(routes, from, `${operational}/reservations`, heading('Réservations'));
  });

  it.each([`${operational}/conversations/${restaurantId}/x`, `${operational}/conversations/c-1/x/y`])('%s → the conversation list, once', async (from) => {
    await expectOneRedirect(routes, from, `${operational}/conversations`, heading('Conversations'));
  });
});
