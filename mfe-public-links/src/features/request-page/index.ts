/** The request page's chunk (loaded by routes.tsx only on /demande/…): the page, and its data call begun at once. */
export { RequestPage } from './components/RequestPage';
export { startRequestForm } from './api/requestForm';
