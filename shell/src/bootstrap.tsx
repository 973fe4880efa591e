/**
 * Start of the full application (every address but the light entry pages, see start/route.ts): read
 * /config.json, create the one Supabase client, register the remotes from their manifest URLs, follow
 * the session, render. Also opened by the light starts (sign-in once signed in, the dashboard on a
 * navigation): same page, same client, same query cache.
 */
import { AppProviders, initSupabase, PageError, startSession } from '@tablee/shared';
import { flushSync } from 'react-dom';
import { provideAntdComponents } from './app/antd-components';
import { App } from './app/App';
import { loadArea, loadAreaAhead, loadRestaurantAreaAhead } from './app/area-ahead';
import { registerConfiguredRemotes } from './app/remotes';
import { appConfig } from './start/config';
import { root } from './start/root';

let prepared: Promise<void> | null = null;

/**
 * What the application needs before its first render, done once per page: the light dashboard calls it
 * ahead, once its cards show, to load the restaurant area before the owner opens it.
 */
export function prepareApp(): Promise<void> {
  prepared ??= appConfig().then((config) => {
    initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
    // Before any remote's entry registers its own copies (the first registration of a version stays);
    // here and not in remotes.ts, which the light link pages load too.
    provideAntdComponents();
    registerConfiguredRemotes(config);
  });
  return prepared;
}

/** The light dashboard's cards are shown: the full application and the restaurant area, ahead. */
export async function prepareFromDashboard(): Promise<void> {
  await prepareApp();
  loadRestaurantAreaAhead();
}

/** The light reservation page is shown: the full application and the code of this address' area, before it takes over. */
export async function prepareArea(pathname: string): Promise<void> {
  await prepareApp();
  await loadArea(pathname);
}

export async function startApp() {
  try {
    await prepareApp();
    loadAreaAhead(window.location.pathname);
    void startSession();
    // At once, not at React's next task: a light start's page stays clickable until replaced, and a tap
    // on it after it handed over (start/reservation.tsx) would reach no one.
    flushSync(() => root.render(<App />));
  } catch (err) {
    console.error(err);
    root.render(
      <AppProviders>
        <PageError title="Configuration introuvable" message="Le fichier /config.json n'a pas pu être lu." onRetry={() => window.location.reload()} />
      </AppProviders>,
    );
  }
}
