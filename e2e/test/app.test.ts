/** The shell in Chromium: sign-up and sign-in, the dashboard and its error state, the guard, axe (remotes: app-remotes.test.ts). */
import type { Browser } from 'playwright-core';
import { COUNT_REACT, pageCountingReact, hoveredViolations, launchBrowser, loadedSharedModules, ready, seriousViolations, signIn, sql, type Ready } from './browser';

const DEMO = { email: 'demo@tablee.fr', password: 'tablee-demo' };
let browser: Browser;
let app: Ready;

const newPage = () => pageCountingReact(browser);

/** Names of the demo owner's seeded restaurants, read from the database. */
const demoRestaurants = () =>
  sql<{ id: string; name: string }>(`select r.id, r.name from public.restaurants r join auth.users u on u.id = r.user_id where u.email = $1 order by r.created_at`, [DEMO.email]);

beforeAll(async () => {
  app = ready();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

test('sign up → message and prefilled email on /signin → sign in → empty dashboard', async () => {
  const page = await newPage();
  const email = `e2e-${Date.now()}@example.fr`;
  await page.goto(`${app.url}/signup`);
  await page.getByRole('heading', { name: 'Créer un compte' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill('abc');
  await page.getByText('3/6').waitFor();
  expect(await page.getByRole('button', { name: 'Créer mon compte' }).isDisabled()).toBe(true);
  await page.getByLabel('Mot de passe').fill('secret-123');
  await page.getByText('✓ Mot de passe valide').waitFor();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await page.waitForURL(`${app.url}/signin`);
  await page.getByText('Compte créé avec succès ! Vous pouvez maintenant vous connecter.').waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  // Sign-up did not sign in: the dashboard still asks for a session.
  await page.getByLabel('Mot de passe').fill('secret-123');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByText('Aucun restaurant').waitFor();
  expect(await page.getByText(email).isVisible()).toBe(true);
  await page.context().close();
});

test('the demo owner sees both seeded restaurants', async () => {
  const seeded = await demoRestaurants();
  expect(seeded).toHaveLength(2); // the seed is read-only for tests: no file adds one
  const page = await newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
  await page.waitForURL(`${app.url}/dashboard`);
  for (const r of seeded) {
    const link = page.getByRole('link', { name: r.name || 'Restaurant sans nom', exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/restaurants/${r.id}`);
  }
  await page.context().close();
});

test("the dashboard says 'Erreur de chargement' when the list cannot be read, and Réessayer recovers", async () => {
  const page = await newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
  await page.waitForURL(`${app.url}/dashboard`);
  // The network drops the restaurant list (the database is fine): the page says so and offers a retry.
  await page.route('**/rest/v1/restaurants*', (route) => route.abort('connectionreset'));
  await page.reload();
  await page.getByText('Erreur de chargement').waitFor();
  expect(await page.getByText('Le Comptoir des Halles').count()).toBe(0);
  await page.unroute('**/rest/v1/restaurants*');
  await page.getByRole('button', { name: 'Réessayer' }).click();
  await page.getByText('Le Comptoir des Halles').waitFor();
  expect(await page.getByText('Erreur de chargement').count()).toBe(0);
  await page.context().close();
});

test('a protected URL while signed out goes to /signin, then back after sign-in; sign-out', async () => {
  const [first] = await demoRestaurants();
  const page = await newPage();
  const target = `/restaurants/${first.id}/operational/reservations`;
  await page.goto(`${app.url}${target}`);
  await page.waitForURL(`${app.url}/signin`);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Mot de passe').fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${app.url}${target}`);
  await page.getByRole('heading', { name: 'Réservations' }).waitFor();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await page.waitForURL(`${app.url}/signin`);
  await page.goto(`${app.url}/dashboard`);
  await page.waitForURL(`${app.url}/signin`);
  await page.context().close();
});

test('axe-core finds no serious or critical violation on /signin, /signup, /dashboard', async () => {
  const page = await newPage();
  const found: Record<string, string[]> = {};
  for (const route of ['/signin', '/signup']) {
    await page.goto(`${app.url}${route}`);
    await page.getByRole('heading').first().waitFor();
    found[route] = await seriousViolations(page);
  }
  // Hovered, the primary buttons keep their text readable (antd's derived hover colour did not).
  await page.goto(`${app.url}/signin`);
  found['/signin, hovered'] = await hoveredViolations(page, page.getByRole('button', { name: 'Se connecter' }));
  await signIn(page, app.url, DEMO.email, DEMO.password);
  await page.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
  await page
    .getByRole('link', { name: /Restaurant|Le|La/ })
    .first()
    .waitFor();
  found['/dashboard'] = await seriousViolations(page);
  found['/dashboard, hovered'] = await hoveredViolations(page, page.getByRole('button', { name: 'Ajouter un restaurant' }));
  expect(found).toEqual({ '/signin': [], '/signup': [], '/signin, hovered': [], '/dashboard': [], '/dashboard, hovered': [] });
  await page.context().close();
});

test('/signin and /signup load the Supabase client and no antd, TanStack Query or kernel UI; signing in opens the application in the same page', async () => {
  const page = await newPage();
  for (const [route, heading] of [
    ['/signup', 'Créer un compte'],
    ['/signin', 'Connexion'],
  ]) {
    await page.goto(`${app.url}${route}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = await loadedSharedModules(page);
    expect(loaded).toEqual(expect.arrayContaining(['react', '@supabase/supabase-js', '@tablee/shared/supabase']));
    for (const heavy of ['antd', '@tanstack/react-query', '@tablee/shared', 'dayjs']) expect(loaded).not.toContain(heavy);
  }
  // Still /signin, first visit: sign in; the dashboard comes without a page load (the marker survives).
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Mot de passe').fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
  await page.getByText('Le Comptoir des Halles').waitFor();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(await loadedSharedModules(page)).toEqual(expect.arrayContaining(['antd', '@tanstack/react-query', '@tablee/shared']));
  const counts = await page.evaluate(() => ({
    renderers: (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    supabaseClients: (window as unknown as { __TABLEE__?: { supabaseClients: number } }).__TABLEE__?.supabaseClients,
  }));
  expect(counts).toEqual({ renderers: 1, supabaseClients: 1 });
  // The session is the page's one: a reload keeps it.
  await page.reload();
  await page.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
  await page.context().close();
});

/**
 * A page of a new context signed in as the demo owner, whose next load of /dashboard is a first visit
 * (the session is in its storage, nothing of the application in its memory).
 */
async function signedInContextPage() {
  const page = await newPage();
  await signIn(page, app.url, DEMO.email, DEMO.password);
  await page.getByRole('heading', { name: 'Mes Restaurants' }).waitFor();
  const fresh = await page.context().newPage();
  await fresh.addInitScript(COUNT_REACT);
  await page.close();
  return fresh;
}

test("/dashboard's first visit draws the header and the cards without antd or the kernel's UI (issue 34)", async () => {
  const page = await signedInContextPage();
  // What the page asks once its cards show (the full application, ahead) waits until they have been checked.
  let listAnswered = false;
  const held: (() => void)[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/rest/v1/restaurants?')) listAnswered = true;
  });
  await page.route(/\.js$/, (route) => (listAnswered ? held.push(() => void route.continue().catch(() => undefined)) : route.continue()));
  await page.goto(`${app.url}/dashboard`);
  await page.getByRole('heading', { name: 'Le Comptoir des Halles' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Mes Restaurants' }).isVisible()).toBe(true);
  expect(await page.getByTestId('user-email').innerText()).toBe(DEMO.email);
  for (const name of ['Tableau de bord', 'Mon compte']) expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Se déconnecter' }).isVisible()).toBe(true);
  const card = page.getByTestId('restaurant-card').filter({ hasText: 'Le Comptoir des Halles' });
  expect(await card.getByTestId('restaurant-role').innerText()).toBe('Propriétaire');
  expect(await card.getByRole('button', { name: 'Supprimer Le Comptoir des Halles' }).isVisible()).toBe(true);
  const loaded = await loadedSharedModules(page);
  expect(loaded).toEqual(expect.arrayContaining(['react', '@supabase/supabase-js', '@tanstack/react-query', '@tablee/shared/light']));
  for (const heavy of ['antd', '@tablee/shared', 'dayjs']) expect(loaded).not.toContain(heavy);
  expect(await seriousViolations(page)).toEqual([]);
  // Something was asked ahead once they showed: the full application.
  expect(held.length).toBeGreaterThan(0);
  held.forEach((release) => release());
  await page.context().close();
});

test("from the light dashboard, 'Ouvrir' hands over to the full application in the same page: the restaurant, then its reservations", async () => {
  const page = await signedInContextPage();
  await page.goto(`${app.url}/dashboard`);
  await page.getByRole('heading', { name: 'Le Comptoir des Halles' }).waitFor();
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  await page.getByTestId('restaurant-card').filter({ hasText: 'Le Comptoir des Halles' }).getByRole('link', { name: 'Ouvrir' }).click();
  await page.waitForURL(/\/restaurants\/[^/]+\/information$/);
  await page.getByRole('navigation', { name: 'Menu du restaurant' }).getByRole('link', { name: 'Réservations', exact: true }).click();
  await page.getByRole('heading', { name: 'Réservations', exact: true }).waitFor();
  await page
    .getByRole('link', { name: /^R-\d+$/ })
    .first()
    .waitFor();
  // The header's link back: the full application's dashboard, its cards from the same cache.
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  await page.getByRole('heading', { name: 'Le Comptoir des Halles' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  expect(await loadedSharedModules(page)).toEqual(expect.arrayContaining(['antd', '@tablee/shared']));
  const counts = await page.evaluate(() => ({
    renderers: (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }).__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    clients: (window as unknown as { __TABLEE__?: { supabaseClients: number; queryClients: number } }).__TABLEE__,
  }));
  expect(counts).toEqual({ renderers: 1, clients: { supabaseClients: 1, queryClients: 1 } });
  await page.context().close();
});
