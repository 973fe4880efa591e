/** The customer's page's chunk (loaded by routes.tsx only on /ma-reservation/…): the page, and its data call begun at once. */
export { CustomerPage } from './components/CustomerPage';
export { startCustomerPage } from './api/customerPage';
/** What routes.tsx renders of the chunk, the same name in every page's chunk. */
export { CustomerPage as Page } from './components/CustomerPage';
