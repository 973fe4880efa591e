/**
 * /config.json, asked by index.html's inline script while the entry chunk downloads (the entry chunk
 * takes 50–80 ms to run on a slow machine; the link page waited for that, then for the answer), or here
 * when the page has no such script (tests). Nothing shared here: the entry chunk stays light. Same
 * request as the kernel's loadAppConfig (no cache: a redeployed config applies on the next load).
 */
import { keepWarmManifest } from './warm-manifests';

declare global {
  interface Window {
    /** Set by shell/index.html. */
    __tableeConfigResponse?: Promise<Response>;
  }
}

export const configResponse: Promise<Response> = window.__tableeConfigResponse ?? fetch('/config.json', { cache: 'no-store' });

interface ManifestAssets {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[]; async?: string[] } } }[];
}

/** A <link rel=preload>: the script element the runtime adds later for the same address uses this download. */
function preloadScript(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = href;
  document.head.append(link);
}

/**
 * The link pages (start 'link'): once config.json names the public-links remote, its manifest is asked
 * at once, and from it its remoteEntry.js and the exposed page's scripts are preloaded. Without this,
 * each would wait for React and the light start to load and run first (the link page's budget: ≤ 600 ms).
 * The runtime takes the manifest's answer through its fetch hook (federation-plugins.ts).
 */
export function warmLinkRemote(): void {
  // A customer's page's data, asked as soon as config.json answers (its own chunk: not on the other link pages).
  if (location.pathname.startsWith('/ma-reservation/')) {
    void import('./customer-page-early').then((early) => early.askCustomerPage(configResponse)).catch(() => undefined);
  }
  void configResponse
    .then((response) => response.clone().json() as Promise<{ remotes?: Record<string, { entry?: unknown }> }>)
    .then((config) => {
      const entry = config.remotes?.mfe_public_links?.entry;
      if (typeof entry !== 'string') return;
      const manifest = fetch(entry);
      keepWarmManifest(entry, manifest);
      return manifest
        .then((response) => (response.ok ? (response.clone().json() as Promise<ManifestAssets>) : undefined))
        .then((json) => {
          const publicPath = json?.metaData?.publicPath;
          const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', new URL(entry, location.href));
          const remoteEntry = json?.metaData?.remoteEntry;
          if (remoteEntry?.name) preloadScript(new URL(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`, base).href);
          const js = json?.exposes?.find((expose) => expose.path === './routes')?.assets?.js;
          // A request page (/demande/…) or a customer's page (/ma-reservation/…) is an async chunk of the exposed module:
          // preloaded too (its own, not the other's), not found after it. A chunk named on-demand-* (the assistant's
          // chat) waits until the customer asks for it.
          const other = location.pathname.startsWith('/demande/') ? 'customer-page' : location.pathname.startsWith('/ma-reservation/') ? 'request-page' : '';
          const pageChunks = other ? (js?.async ?? []).filter((asset) => !/(^|\/)on-demand-/.test(asset) && !asset.includes(`${other}.`)) : [];
          for (const asset of [...(js?.sync ?? []), ...pageChunks]) preloadScript(new URL(asset, base).href);
        });
    })
    // Only a head start: whatever fails here, the runtime asks again (and retries) the usual way.
    .catch(() => undefined);
}
