/**
 * RemoteArea: what fails to load reaches the French error and « Réessayer » loads it anew. That the routes
 * show without React's 300 ms fallback hold is a timing, measured in `pnpm bench` (entry bench).
 */
import { AppProviders } from '@tablee/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { RemoteArea } from '../../src/app/RemoteArea';
import { loadRemoteRoutes } from '../../src/app/remotes';
import { REMOTE_UNAVAILABLE } from '../../src/app/remote-unavailable-text';

jest.mock('../../src/app/remotes', () => ({ loadRemoteRoutes: jest.fn() }));

afterEach(() => {
  jest.mocked(loadRemoteRoutes).mockReset();
});

test('a remote that fails to load shows the French error; « Réessayer » loads it anew', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const load = jest.mocked(loadRemoteRoutes);
  load.mockRejectedValueOnce(new Error('Module mfe_operations indisponible')).mockResolvedValueOnce({ default: () => createElement('h1', null, 'Réservations') });
  render(
    <AppProviders>
      <RemoteArea name="mfe_operations" />
    </AppProviders>,
  );
  expect(await screen.findByText(REMOTE_UNAVAILABLE.title)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('heading', { name: 'Réservations' })).toBeInTheDocument();
  expect(load.mock.calls).toEqual([
    ['mfe_operations', false],
    ['mfe_operations', true],
  ]);
});
