import { createRoot } from 'react-dom/client';

/** The page's one React root: a light start renders into it, and the full application replaces it there. */
export const root = createRoot(document.getElementById('root')!);
