/**
 * Start of the shell: read /config.json, create the one Supabase client, register the remotes from
 * their manifest URLs, follow the session, render.
 */
import { AppProviders, initSupabase, loadAppConfig, PageError, startSession } from '@tablee/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerConfiguredRemotes } from './app/remotes';

const root = createRoot(document.getElementById('root')!);

async function start() {
  try {
    const config = await loadAppConfig();
    initSupabase({ url: config.supabaseUrl, anonKey: config.supabaseAnonKey });
    registerConfiguredRemotes(config);
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

void start();
