/** Rules of the section forms, through the components in jsdom (no data calls are reached). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdditionalOption, Menus, Photo } from '@tablee/domain';
import {
  canAddMenu,
  checkPhotoFile,
  MenusForm,
  moveItem,
  OptionsForm,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  photoStoragePath,
  PhotosForm,
  setKidsMenu,
  type OptionsValue,
  type SectionContext,
} from '@tablee/sections';
import { paste } from '../../../tooling/jest/paste';
import { renderSection } from './harness';

const renderMenus = (context: SectionContext, initial: Menus = { regularMenus: [] }) => {
  const { latest } = renderSection(MenusForm, initial, context);
  return { last: () => latest.value };
};

const addMenuCard = () => screen.getByText('Ajouter un menu').closest('.ant-card') as HTMLElement;

describe('MenusForm', () => {
  it("kids-menu toggle: checking creates 'Menu Enfant' at 0 €, unchecking removes it", async () => {
    const user = userEvent.setup();
    const { last } = renderMenus('edit');
    const toggle = screen.getByRole('checkbox', { name: 'Proposer un menu enfant' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(last().childrenMenu).toMatchObject({ name: 'Menu Enfant', pricePerPerson: 0, isKidsMenu: true });
    expect(screen.getByDisplayValue('Menu Enfant')).toBeInTheDocument();
    await user.click(toggle);
    expect(last().childrenMenu).toBeUndefined();
    expect(screen.queryByDisplayValue('Menu Enfant')).not.toBeInTheDocument();
  });

  it('checking keeps an existing kids menu (at most one)', () => {
    const existing: Menus = {
      regularMenus: [],
      childrenMenu: { name: 'Petit gourmet', pricePerPerson: 12, menuType: 'choice', availability: { lunch: true, dinner: true }, items: [], alternatives: [], isKidsMenu: true },
    };
    expect(setKidsMenu(existing, true)).toBe(existing);
  });

  it('edit: adding a menu needs a name that is not blank (a price of 0 is fine)', async () => {
    const user = userEvent.setup();
    const { last } = renderMenus('edit');
    const card = addMenuCard();
    const add = within(card).getByRole('button', { name: 'Ajouter le menu' });
    expect(add).toBeDisabled();
    await paste(user, within(card).getByLabelText('Nom du menu'), '   ');
    expect(add).toBeDisabled();
    await paste(user, within(card).getByLabelText('Nom du menu'), 'Menu du marché');
    expect(add).toBeEnabled();
    await user.click(add);
    expect(last().regularMenus).toEqual([expect.objectContaining({ name: 'Menu du marché', pricePerPerson: 0, menuType: 'choice', availability: { lunch: true, dinner: true } })]);
  });

  it('onboarding: adding a menu needs a name and a price > 0', async () => {
    const user = userEvent.setup();
    renderMenus('onboarding');
    const card = addMenuCard();
    const add = within(card).getByRole('button', { name: 'Ajouter le menu' });
    await paste(user, within(card).getByLabelText('Nom du menu'), 'Menu Groupe');
    expect(add).toBeDisabled();
    await paste(user, within(card).getByLabelText('Prix par personne (€ TTC)'), '32');
    await waitFor(() => expect(add).toBeEnabled());
    expect(canAddMenu('onboarding', { name: 'Menu', pricePerPerson: 0 })).toBe(false);
    expect(canAddMenu('edit', { name: 'Menu', pricePerPerson: 0 })).toBe(true);
    expect(canAddMenu('edit', { name: 'Menu', pricePerPerson: Number.NaN })).toBe(false);
  });

  it('items and alternatives need a name; alternatives offer every type but drink', async () => {
    const user = userEvent.setup();
    const menu = {
      name: 'Menu Découverte',
      pricePerPerson: 30,
      content: '',
      menuType: 'choice' as const,
      availability: { lunch: true, dinner: true },
      items: [],
      alternatives: [],
      isKidsMenu: false,
    };
    const { last } = renderMenus('edit', { regularMenus: [menu] });
    const card = screen.getByText('Menu Découverte', { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;

    const addItem = within(card).getByRole('button', { name: 'Ajouter le plat' });
    expect(addItem).toBeDisabled();
    await paste(user, within(card).getByLabelText('Nom du plat'), 'Tarte Tatin');
    await user.click(addItem);
    expect(last().regularMenus[0].items).toEqual([{ name: 'Tarte Tatin', type: 'starter' }]);

    const addAlt = within(card).getByRole('button', { name: "Ajouter l'alternative" });
    expect(addAlt).toBeDisabled();
    await paste(user, within(card).getByLabelText("Nom de l'alternative"), 'Velouté');
    await user.click(within(card).getByRole('checkbox', { name: 'Végan' }));
    await user.click(addAlt);
    expect(last().regularMenus[0].alternatives).toEqual([{ name: 'Velouté', type: 'main', isGlutenFree: false, isVegan: true, otherDietaryNotes: '' }]);

    const optionsOf = async (label: string) => {
      fireEvent.mouseDown(within(card).getByLabelText(label));
      const listbox = await screen.findAllByRole('listbox');
      // Each select renders its own dropdown at the end of the body: the last one is the one just opened.
      const dropdowns = document.querySelectorAll('.ant-select-dropdown');
      const texts = Array.from(dropdowns[dropdowns.length - 1].querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);
      fireEvent.keyDown(within(card).getByLabelText(label), { key: 'Escape' });
      expect(listbox.length).toBeGreaterThan(0);
      return texts;
    };
    expect(await optionsOf('Type du plat')).toContain('Boisson');
    const alternativeTypes = await optionsOf("Type de l'alternative");
    expect(alternativeTypes).toEqual(['Apéritif', 'Entrée', 'Plat', 'Accompagnement', 'Dessert']);
  });
});

describe('OptionsForm', () => {
  it('adds only with a title that is not blank and a price ≥ 0, per person by default', async () => {
    const user = userEvent.setup();
    const { latest } = renderSection<OptionsValue>(OptionsForm, { options: [] });
    const card = screen.getByText('Ajouter une option').closest('.ant-card') as HTMLElement;
    const add = within(card).getByRole('button', { name: "Ajouter l'option" });
    expect(within(card).getByRole('radio', { name: 'Par personne' })).toBeChecked();
    expect(add).toBeDisabled();
    await paste(user, within(card).getByLabelText('Titre'), '  ');
    expect(add).toBeDisabled();
    // antd's rules run asynchronously: the message comes a moment after the input.
    expect(await within(card).findByText("Le titre de l'option est obligatoire")).toBeInTheDocument();
    await paste(user, within(card).getByLabelText('Titre'), 'Coupe de champagne');
    const price = within(card).getByLabelText('Prix (€ TTC)');
    expect(price).toHaveAttribute('step', '0.01');
    await paste(user, price, '12,5', { replace: true });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    expect(latest.value.options).toEqual([{ title: 'Coupe de champagne', price: 12.5, priceType: 'per_person' }]);
    expect(screen.getByRole('cell', { name: 'Coupe de champagne' })).toBeInTheDocument();
    // jsdom matches no width (the phone's layout): the price type is said with the price, the actions stay on screen.
    expect(screen.getByRole('cell', { name: /^12,50\s€ · par personne$/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Type de prix' })).not.toBeInTheDocument();
  });

  it('edits and deletes a row', async () => {
    const user = userEvent.setup();
    const initial: AdditionalOption[] = [
      { id: 'a', title: 'Vestiaire', price: 2, priceType: 'per_person' },
      { id: 'b', title: 'Gâteau', price: 40, priceType: 'total' },
    ];
    const { latest } = renderSection(OptionsForm, { options: initial });
    await user.click(screen.getByRole('button', { name: "Modifier l'option Vestiaire" }));
    const title = screen.getByLabelText("Titre de l'option");
    await user.clear(title);
    expect(screen.getByRole('button', { name: 'Valider' })).toBeDisabled();
    await paste(user, title, 'Vestiaire gardé');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(latest.value.options[0]).toEqual({ id: 'a', title: 'Vestiaire gardé', price: 2, priceType: 'per_person' });
    await user.click(screen.getByRole('button', { name: "Supprimer l'option Gâteau" }));
    expect(latest.value.options.map((o) => o.id)).toEqual(['a']);
  });
});

describe('photo rules', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0);

  it('refuses a file over 10 MB with the spec message', async () => {
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.png', { type: 'image/png' });
    expect(await checkPhotoFile(big)).toEqual({ ok: false, message: PHOTO_TOO_LARGE_MESSAGE });
    expect(PHOTO_TOO_LARGE_MESSAGE).toBe('Le fichier est trop volumineux. Taille maximale: 10MB');
  });

  it('checks the first bytes: a .txt renamed .png is refused, real images are accepted', async () => {
    expect(PHOTO_TYPE_MESSAGE).toBe('Type de fichier non autorisé. Types acceptés: jpeg, jpg, png, gif, webp');
    expect(await checkPhotoFile(new File(['bonjour'], 'notes.png', { type: 'image/png' }))).toEqual({ ok: false, message: PHOTO_TYPE_MESSAGE });
    expect(await checkPhotoFile(new File([PNG], 'document.pdf', { type: 'application/pdf' }))).toEqual({ ok: false, message: PHOTO_TYPE_MESSAGE });
    expect(await checkPhotoFile(new File([PNG], 'photo.png', { type: 'image/png' }))).toEqual({ ok: true, mimeType: 'image/png', extension: 'png' });
    expect(await checkPhotoFile(new File([bytes(0xff, 0xd8, 0xff, 0xe0)], 'photo.jpeg', { type: '' }))).toEqual({ ok: true, mimeType: 'image/jpeg', extension: 'jpg' });
    expect(await checkPhotoFile(new File(['GIF89a......'], 'anim.gif', { type: 'image/gif' }))).toMatchObject({ ok: true, mimeType: 'image/gif' });
    expect(await checkPhotoFile(new File(['RIFF\0\0\0\0WEBPVP8 '], 'x.webp', { type: 'image/webp' }))).toMatchObject({ ok: true, mimeType: 'image/webp' });
    // A PNG named .jpg is stored as what it is.
    expect(await checkPhotoFile(new File([PNG], 'photo.jpg', { type: 'image/jpeg' }))).toMatchObject({ ok: true, mimeType: 'image/png', extension: 'png' });
  });

  it('stores under {restaurantId}/{timestamp}-{random}.{ext}; moves one step within bounds', () => {
    expect(photoStoragePath('r1', 'png', 1700000000000, 'abc123')).toBe('r1/1700000000000-abc123.png');
    expect(photoStoragePath('r1', 'jpg')).toMatch(/^r1\/\d+-[a-z0-9]+\.jpg$/);
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('PhotosForm', () => {
  const photo = (id: string, name: string): Photo => ({ id, url: `http://127.0.0.1:9/${name}`, altText: '', displayOrder: 1, originalFilename: name, fileSize: 1536 });

  it('shows the spec banner for a refused file, with the upload hint', async () => {
    const { container } = renderSection(PhotosForm, { photos: [] });
    expect(screen.getByText("PNG, JPG, GIF, WebP jusqu'à 10MB")).toBeInTheDocument();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', 'image/*');
    fireEvent.change(input, { target: { files: [new File(['pas une image'], 'notes.png', { type: 'image/png' })] } });
    expect(await screen.findByText(`Erreur lors de l'upload de notes.png: ${PHOTO_TYPE_MESSAGE}`)).toBeInTheDocument();
  });

  it('edits alt text, reorders, shows name and size on hover and a placeholder for a broken image', async () => {
    const user = userEvent.setup();
    const { latest } = renderSection(PhotosForm, { photos: [photo('1', 'terrasse.png'), photo('2', 'salle.png')] });
    await paste(user, screen.getByLabelText('Texte alternatif de salle.png'), 'Salle');
    expect(latest.value.photos[1].altText).toBe('Salle');
    expect(screen.getByRole('button', { name: 'Monter terrasse.png' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Monter salle.png' }));
    expect(latest.value.photos.map((p) => p.id)).toEqual(['2', '1']);

    await user.hover(screen.getByAltText('terrasse.png'));
    expect(screen.getByTestId('photo-details')).toHaveTextContent('terrasse.png1,5 Ko');
    fireEvent.error(screen.getByAltText('terrasse.png'));
    expect(screen.getByRole('img', { name: 'Image indisponible : terrasse.png' })).toBeInTheDocument();
  });
});
