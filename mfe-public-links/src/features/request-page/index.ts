/** The request page's chunk (loaded by routes.tsx only on /demande/…): the page, and its data call begun at once. */
export { RequestPage } from './components/RequestPage';
export { startRequestForm } from './api/requestForm';
/** What routes.tsx renders of the chunk, the same name in every page's chunk. */
export { RequestPage as Page } from './components/RequestPage';
