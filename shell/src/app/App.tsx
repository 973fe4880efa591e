import { AppProviders } from '@tablee/shared';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppRoutes } from './AppRoutes';

// A data router (rather than <BrowserRouter>) so that screens can use useBlocker to ask before
// discarding unsaved changes; the route table itself stays in <AppRoutes> and the remotes' <Routes>.
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
