import { AppProviders } from '@tablee/shared';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppRoutes } from './AppRoutes';

// A data router (rather than <BrowserRouter>) so that screens can use useBlocker to ask before
// discarding unsaved changes; the route table itself stays in <AppRoutes> and the remotes' <Routes>.
// Created on first render, not when this module loads: the sign-in page loads it ahead, while the
// address is still /signin.
const createRouter = () => createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
