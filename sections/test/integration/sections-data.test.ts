/**
 * @jest-environment node
 *
 * The section data calls against a real local-supabase through the one supabase-js client:
 * load + save round-trips, another owner refused, failing saves change nothing, photo upload with
 * rollback when recording fails. (Node environment: storage uploads need Node's own File/FormData.)
 */
import type { Menus } from '@tablee/domain';
import { deletePhoto, faqApi, menusApi, optionsApi, photosApi, PHOTO_TYPE_MESSAGE, uploadPhoto } from '@tablee/sections';
import { png } from '../../../local-supabase/test/images';
import { connectSectionStack, type Owner, type SectionStack } from './stack';

let s: SectionStack;
let owner: Owner;
let other: Owner;
let restaurantId: string;

const pngFile = (name: string, color: [number, number, number]) => new File([new Uint8Array(png(8, 6, color))], name, { type: 'image/png' });
const withoutIds = <T extends { id?: string }>(list: T[]) => list.map(({ id: _id, ...rest }) => rest);

beforeAll(async () => {
  s = connectSectionStack();
  owner = await s.newOwner('proprietaire');
  other = await s.newOwner('autre');
  await s.signInAs(owner);
  restaurantId = await s.newRestaurant('Chez Données');
});
afterAll(() => s?.stop());
beforeEach(() => s.signInAs(owner));

const sampleMenus = (): Menus => ({
  regularMenus: [
    {
      name: 'Menu Découverte',
      pricePerPerson: 39.5,
      content: 'Entrée, plat, dessert',
      menuType: 'choice',
      availability: { lunch: true, dinner: false },
      items: [
        { name: 'Œuf meurette', type: 'starter' },
        { name: 'Quenelle de brochet', type: 'main' },
        { name: 'Côtes-du-Rhône', type: 'drink' },
      ],
      alternatives: [
        { name: 'Risotto aux cèpes', type: 'main', isGlutenFree: true, isVegan: false, otherDietaryNotes: 'sans lactose' },
        { name: 'Sorbet', type: 'dessert', isGlutenFree: false, isVegan: true, otherDietaryNotes: '' },
      ],
      isKidsMenu: false,
    },
    {
      name: 'Menu Partage',
      pricePerPerson: 55,
      content: '',
      menuType: 'sharing',
      availability: { lunch: false, dinner: true },
      items: [{ name: 'Planche', type: 'aperitif' }],
      alternatives: [],
      isKidsMenu: false,
    },
  ],
  childrenMenu: {
    name: 'Menu Enfant',
    pricePerPerson: 0,
    content: 'Steak frites',
    menuType: 'choice',
    availability: { lunch: true, dinner: true },
    items: [{ name: 'Glace', type: 'dessert' }],
    alternatives: [],
    isKidsMenu: true,
  },
});

describe('menus', () => {
  it('round-trips every field (items, alternatives, kids menu), and a second save with ids keeps them', async () => {
    const value = sampleMenus();
    await menusApi.save(restaurantId, value);
    const loaded = (await menusApi.load(restaurantId)).value;
    expect(withoutIds(loaded.regularMenus)).toEqual(value.regularMenus);
    expect(withoutIds([loaded.childrenMenu!])).toEqual([value.childrenMenu]);

    await menusApi.save(restaurantId, loaded);
    const again = (await menusApi.load(restaurantId)).value;
    expect(again).toEqual(loaded);
  });

  it('a failing save (an alternative typed drink) changes nothing stored', async () => {
    const before = (await menusApi.load(restaurantId)).value;
    const broken: Menus = structuredClone(before);
    broken.regularMenus[0].name = 'Renommé';
    broken.regularMenus[1].alternatives = [{ name: 'Vin', type: 'drink' as never, isGlutenFree: false, isVegan: false, otherDietaryNotes: '' }];
    await expect(menusApi.save(restaurantId, broken)).rejects.toThrow();
    expect((await menusApi.load(restaurantId)).value).toEqual(before);
  });

  it("refuses another owner's save and changes nothing", async () => {
    const before = (await menusApi.load(restaurantId)).value;
    await s.signInAs(other);
    await expect(menusApi.save(restaurantId, { regularMenus: [] })).rejects.toThrow(/Accès non autorisé/);
    expect((await menusApi.load(restaurantId)).value).toEqual({ regularMenus: [] }); // RLS: the other owner reads nothing
    await s.signInAs(owner);
    expect((await menusApi.load(restaurantId)).value).toEqual(before);
  });
});

describe('options', () => {
  const options = [
    { title: 'Coupe de champagne', price: 12.5, priceType: 'per_person' as const },
    { title: "Gâteau d'anniversaire", price: 45, priceType: 'total' as const },
    { title: 'Vestiaire', price: 0, priceType: 'per_person' as const },
  ];

  it('round-trips every field in order', async () => {
    await optionsApi.save(restaurantId, { options });
    const { options: loaded } = (await optionsApi.load(restaurantId)).value;
    expect(withoutIds(loaded)).toEqual(options);
    const edited = [loaded[2], { ...loaded[0], price: 13.25 }];
    await optionsApi.save(restaurantId, { options: edited });
    expect((await optionsApi.load(restaurantId)).value).toEqual({ options: edited });
  });

  it('a failing save (negative price) changes nothing; another owner is refused', async () => {
    const before = (await optionsApi.load(restaurantId)).value;
    await expect(
      optionsApi.save(restaurantId, {
        options: [
          { ...before.options[0], title: 'Changé' },
          { title: 'Négatif', price: -1, priceType: 'total' },
        ],
      }),
    ).rejects.toThrow(/prix/);
    expect((await optionsApi.load(restaurantId)).value).toEqual(before);
    await s.signInAs(other);
    await expect(optionsApi.save(restaurantId, { options: [] })).rejects.toThrow(/Accès non autorisé/);
    await s.signInAs(owner);
    expect((await optionsApi.load(restaurantId)).value).toEqual(before);
  });
});

describe('faq', () => {
  it('creates at the next display_order, edits, moves in one call, deletes; another owner is refused', async () => {
    const created = [];
    for (const [i, q] of ['Chiens acceptés ?', 'Parking ?', 'Privatisation ?'].entries()) {
      created.push(await faqApi.create(restaurantId, { question: q, answer: `Réponse ${i + 1}` }));
    }
    expect(created.map((f) => f.displayOrder)).toEqual([0, 1, 2]);
    await faqApi.update(created[1], { question: 'Y a-t-il un parking ?', answer: ' À 200 m. ' });
    await faqApi.reorder(restaurantId, [created[2].id, created[0].id, created[1].id]);
    let list = await faqApi.list(restaurantId);
    expect(list.map((f) => [f.question, f.answer, f.displayOrder])).toEqual([
      ['Privatisation ?', 'Réponse 3', 0],
      ['Chiens acceptés ?', 'Réponse 1', 1],
      ['Y a-t-il un parking ?', 'À 200 m.', 2],
    ]);

    await s.signInAs(other);
    await expect(faqApi.reorder(restaurantId, list.map((f) => f.id).reverse())).rejects.toThrow(/Accès non autorisé/);
    await expect(faqApi.remove(list[0].id)).rejects.toThrow();
    await s.signInAs(owner);
    expect(await faqApi.list(restaurantId)).toEqual(list);

    await faqApi.remove(list[1].id);
    list = await faqApi.list(restaurantId);
    expect(list.map((f) => f.question)).toEqual(['Privatisation ?', 'Y a-t-il un parking ?']);
    // A reorder must name every FAQ exactly once: a partial list changes nothing.
    await expect(faqApi.reorder(restaurantId, [list[1].id])).rejects.toThrow();
    expect(await faqApi.list(restaurantId)).toEqual(list);
  });
});

describe('photos', () => {
  it('uploads (stored then recorded), saves alt texts and order in one call, keeps photos on an empty save, deletes file and row', async () => {
    const first = await uploadPhoto(restaurantId, pngFile('terrasse.png', [200, 80, 40]), 1);
    const second = await uploadPhoto(restaurantId, pngFile('salle.png', [40, 80, 200]), 2);
    expect((await fetch(first.url)).status).toBe(200);
    const rows = (await s.admin.from('restaurant_photos').select('filename, original_filename, mime_type, file_size').eq('restaurant_id', restaurantId).order('display_order')).data!;
    expect(rows.map((r) => r.original_filename)).toEqual(['terrasse.png', 'salle.png']);
    expect(rows[0].filename).toMatch(new RegExp(`^${restaurantId}/\\d+-[a-z0-9]+\\.png$`));
    expect(rows[0]).toMatchObject({ mime_type: 'image/png', file_size: first.fileSize });

    const { photos: loaded } = (await photosApi.load(restaurantId)).value;
    expect(loaded.map((p) => p.id)).toEqual([first.id, second.id]);
    const edited = [
      { ...loaded[1], altText: 'La salle voûtée' },
      { ...loaded[0], altText: 'La terrasse au soleil' },
    ];
    await photosApi.save(restaurantId, { photos: edited });
    const { photos: saved } = (await photosApi.load(restaurantId)).value;
    expect(saved.map((p) => [p.id, p.altText, p.displayOrder, p.originalFilename, p.fileSize])).toEqual([
      [second.id, 'La salle voûtée', 1, 'salle.png', second.fileSize],
      [first.id, 'La terrasse au soleil', 2, 'terrasse.png', first.fileSize],
    ]);

    // Spec §4: an empty submission while photos are stored changes nothing.
    await photosApi.save(restaurantId, { photos: [] });
    expect((await photosApi.load(restaurantId)).value).toEqual({ photos: saved });

    // A failing save (an id that is not this restaurant's photo) changes nothing.
    await expect(
      photosApi.save(restaurantId, {
        photos: [
          { ...saved[0], altText: 'changé' },
          { ...saved[1], id: '00000000-0000-4000-8000-000000000000' },
        ],
      }),
    ).rejects.toThrow(/Photo non trouvée/);
    expect((await photosApi.load(restaurantId)).value).toEqual({ photos: saved });

    await s.signInAs(other);
    await expect(photosApi.save(restaurantId, { photos: saved.map((p) => ({ ...p, altText: 'piraté' })) })).rejects.toThrow(/Accès non autorisé/);
    await expect(deletePhoto(first.id)).rejects.toThrow(/autorisation/);
    await s.signInAs(owner);
    expect((await photosApi.load(restaurantId)).value).toEqual({ photos: saved });

    await deletePhoto(first.id);
    expect((await photosApi.load(restaurantId)).value.photos.map((p) => p.id)).toEqual([second.id]);
    expect((await fetch(first.url)).status).toBe(404);
  });

  it('refuses a text file renamed .png before storing anything', async () => {
    const before = (await s.admin.storage.from('restaurant-photos').list(restaurantId)).data!.length;
    await expect(uploadPhoto(restaurantId, new File(['ceci est du texte'], 'notes.png', { type: 'image/png' }), 9)).rejects.toThrow(PHOTO_TYPE_MESSAGE);
    expect((await s.admin.storage.from('restaurant-photos').list(restaurantId)).data!.length).toBe(before);
  });

  it('removes the stored file when recording the photo fails', async () => {
    const listFiles = async () => ((await s.admin.storage.from('restaurant-photos').list(restaurantId)).data ?? []).map((f) => f.name).sort();
    const filesBefore = await listFiles();
    const rowsBefore = (await photosApi.load(restaurantId)).value;
    // A real failure of the insert, after the upload succeeded.
    await s.sql(`create function public.test_refuse_photo() returns trigger language plpgsql as $$ begin raise exception 'enregistrement refusé'; end $$`);
    await s.sql(`create trigger test_refuse_photo before insert on public.restaurant_photos for each row when (new.original_filename = 'echec.png') execute function public.test_refuse_photo()`);
    try {
      await expect(uploadPhoto(restaurantId, pngFile('echec.png', [1, 2, 3]), 5)).rejects.toThrow('enregistrement refusé');
    } finally {
      await s.sql('drop trigger test_refuse_photo on public.restaurant_photos');
      await s.sql('drop function public.test_refuse_photo()');
    }
    expect(await listFiles()).toEqual(filesBefore);
    expect((await photosApi.load(restaurantId)).value).toEqual(rowsBefore);
  });
});
