/** The operations routes as the shell mounts them (under /restaurants/:restaurantId/operational), at `path`. */
import { AppProviders } from '@tablee/shared';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import OperationsRoutes from '../src/routes';

export function renderOperationsAt(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/restaurants/:restaurantId/operational/*" element={<OperationsRoutes />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
