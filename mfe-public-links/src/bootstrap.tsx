/**
 * Standalone: this module's pages under /reservations, /demande and /ma-reservation (no sign-in), with the run-time config of the
 * serving origin. Light like the page itself (no antd, no supabase-js): the kernel's core and React.
 */
import { BRAND_COLOURS, loadAppConfig } from '@tablee/shared/core';
import { createRoot } from 'react-dom/client';
import PublicLinksRoutes, { CUSTOMER_PATH, MOUNT_PATH, REQUEST_PATH } from './routes';

const EXAMPLES = [
  { to: `${MOUNT_PATH}/EXEMPLE/accept/code`, label: 'Lien d’acceptation (exemple)' },
  { to: `${MOUNT_PATH}/EXEMPLE/reject/code`, label: 'Lien de refus (exemple)' },
];

function Home() {
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 24, fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" }}>
      <h1 style={{ fontSize: 24 }}>mfe-public-links — mode autonome</h1>
      <ul>
        {EXAMPLES.map((link) => (
          <li key={link.to}>
            <a href={link.to} style={{ color: BRAND_COLOURS.link }}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

const root = createRoot(document.getElementById('root')!);
const onLinkPage = [MOUNT_PATH, REQUEST_PATH, CUSTOMER_PATH].some((prefix) => window.location.pathname === prefix || window.location.pathname.startsWith(`${prefix}/`));

loadAppConfig().then(
  () => root.render(onLinkPage ? <PublicLinksRoutes /> : <Home />),
  (error: unknown) => {
    console.error(error);
    root.render(<p role="alert">Configuration introuvable : le fichier /config.json n'a pas pu être lu.</p>);
  },
);
