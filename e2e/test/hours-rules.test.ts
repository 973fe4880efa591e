/**
 * The hours rules in Chromium, on the hours tab of an owner of its own: arrival times are chosen among the
 * slots of the service's own hours, a stored time outside them shows as an error, the default set is
 * proposed by a button; a stored minimum group size of 12 shows (edit choices 1–10); a tab whose rows
 * do not exist says so and can be saved as shown. Screenshots under /tmp.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ownerWithRestaurant, ready, seriousViolations, settled, signedInPage, sql, type Ready } from './browser';

const SAVE = 'Enregistrer les modifications';
const NOTHING_STORED = "Rien n'est encore enregistré ici : les horaires affichés sont une proposition. Enregistrez-les pour que votre assistant les utilise.";
const OPEN_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
let browser: Browser;
let app: Ready;
let page: Page;
let restaurantId: string;

beforeAll(async () => {
  app = ready();
  const owner = await ownerWithRestaurant('hours-rules', 'Le Petit Canut');
  restaurantId = owner.restaurantId;
  // Rows older than the rule, as a restaurant may still hold: a 12:15–14:30 lunch for groups of 12 or more, with an 18:00 arrival
  // (in place of the rows a new restaurant stores at its creation).
  await sql('delete from restaurant_hours where restaurant_id = $1', [restaurantId]);
  await sql('delete from restaurant_arrival_times where restaurant_id = $1', [restaurantId]);
  await sql(
    `insert into restaurant_hours (restaurant_id, day, lunch_from_time, lunch_to_time, lunch_group_min, lunch_group_max)
     select $1, d, '12:15', '14:30', 12, 30 from unnest($2::text[]) d`,
    [restaurantId, OPEN_DAYS],
  );
  // Written with the database's triggers left out, since they refuse such a time; an older row may hold it.
  await sql(
    `set session_replication_role = replica;
     insert into restaurant_arrival_times (restaurant_id, day, service, arrival_time)
     select '${restaurantId}'::uuid, d, 'lunch', t::time
       from unnest(array[${OPEN_DAYS.map((d) => `'${d}'`).join(', ')}]) d, unnest(array['12:30', '18:00']) t;`,
  );
  browser = await launchBrowser();
  page = await signedInPage(browser, owner);
});

afterAll(async () => {
  await browser?.close();
});

const openHours = async () => {
  await page.goto(`${app.url}/restaurants/${restaurantId}/hours`);
  await page.getByRole('heading', { name: 'Horaires & Fonctionnement' }).waitFor();
  await page.getByRole('region', { name: 'Service du midi' }).waitFor();
};

/** The choices of the select labelled `label` in `region`, as its open dropdown lists them. */
async function optionsOf(region: string, label: string): Promise<string[]> {
  await page.getByRole('region', { name: region }).getByLabel(label).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown.locator('.ant-select-item-option').first().waitFor();
  const texts = await dropdown.locator('.ant-select-item-option').allTextContents();
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'detached' }).catch(() => dropdown.waitFor({ state: 'hidden' }));
  return texts;
}

const storedArrivals = async () =>
  (
    await sql<{ time: string }>(`select distinct to_char(arrival_time, 'HH24:MI') as time from restaurant_arrival_times where restaurant_id = $1 and service = 'lunch' order by 1`, [restaurantId])
  ).map((r) => r.time);

test('arrival times: only the lunch’s own slots, the stored 18:00 shown as an error, the default set proposed and saved; a minimum of 12 shown', async () => {
  await openHours();
  const lunch = page.getByRole('region', { name: 'Service du midi' });
  // The stored minimum of 12 shows although the edit choices are 1–10, and stays among them.
  await lunch.locator('.ant-select-content[title="12"], .ant-select-selection-item[title="12"]').first().waitFor();
  expect(await optionsOf('Service du midi', 'Taille de groupe min.')).toContain('12');

  await lunch.getByText('18:00 est en dehors des horaires du service : retirez cette heure ou changez les horaires.').waitFor();
  await settled(page);
  await page.screenshot({ path: '/tmp/hours-rules-outside.png', fullPage: true });
  const slots = await optionsOf('Service du midi', "Heures d'arrivée");
  expect(slots[0]).toBe('12:15');
  expect(slots.every((t) => t >= '12:15' && t <= '14:15')).toBe(true);

  await lunch.getByRole('button', { name: "Proposer des heures d'arrivée" }).click();
  await lunch.getByText(/en dehors des horaires du service/).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: SAVE }).click();
  await page.getByText('Les horaires ont été enregistrés avec succès !').waitFor();
  expect(await storedArrivals()).toEqual(['12:15', '12:45', '13:15']);
  expect((await sql<{ n: number }>(`select count(*)::int as n from restaurant_hours where restaurant_id = $1 and lunch_group_min = 12`, [restaurantId]))[0].n).toBe(6);
});

test('nothing stored: the tab says so and its save is enabled; saved, the notice goes and the save disables', async () => {
  await sql('delete from restaurant_hours where restaurant_id = $1', [restaurantId]);
  await openHours();
  const notice = page.getByText(NOTHING_STORED);
  await notice.waitFor();
  const save = page.getByRole('button', { name: SAVE });
  expect(await save.isEnabled()).toBe(true);
  await settled(page);
  await page.screenshot({ path: '/tmp/hours-rules-nothing-stored.png' });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('heading', { name: 'Horaires & Fonctionnement' }).evaluate((heading) => heading.scrollIntoView());
  await settled(page);
  await page.screenshot({ path: '/tmp/hours-rules-nothing-stored-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });

  await save.click();
  await page.getByText('Les horaires ont été enregistrés avec succès !').waitFor();
  await notice.waitFor({ state: 'detached' });
  expect(await save.isDisabled()).toBe(true);
  expect((await sql<{ n: number }>('select count(*)::int as n from restaurant_hours where restaurant_id = $1', [restaurantId]))[0].n).toBe(6);
});
