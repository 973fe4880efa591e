/**
 * Start of the full application (every address but the light entry pages, see start/route.ts): read
 * /config.json, create the one Supabase client, register the remotes from their manifest URLs, follow
 * the session, render. Also opened by the light sign-in start once signed in (same page, same client).
 */
import { AppProviders, initSupabase, PageError, startSession } from '@tablee/shared';
import { provideAntdComponents } from './app/antd-components';
import { App } from './app/App';
import { loadAreaAhead } from './app/area-ahead';
import { registerConfiguredRemotes } from './app/remotes';
import { appConfig } from './start/config';
import { root } from './start/root';

export async function startApp() {
  try {
    const config = await appConfig();
    initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
    // Before any remote's entry registers its own copies (the first registration of a version stays);
    // here and not in remotes.ts, which the light link pages load too.
    provideAntdComponents();
    registerConfiguredRemotes(config);
    loadAreaAhead(window.location.pathname);
    void startSession();
    root.render(<App />);
  } catch (err) {
    console.error(err);
    root.render(
      <AppProviders>
        <PageError title="Configuration introuvable" message="Le fichier /config.json n'a pas pu être lu." onRetry={() => window.location.reload()} />
      </AppProviders>,
    );
  }
}
