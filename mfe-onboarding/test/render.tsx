import { AppProviders } from '@tablee/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { WizardPage } from '../src/features/wizard/components/WizardPage';
import type { AnyOnboardingStep } from '../src/features/wizard/steps';

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The wizard at `path` in a data router (useBlocker), with a link out and the current location. */
export function renderWizard(path: string, steps: readonly AnyOnboardingStep[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/onboarding/:restaurantId',
        element: (
          <>
            <WizardPage steps={steps} />
            <Link to="/dashboard">Tableau de bord</Link>
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
