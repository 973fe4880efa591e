import { defaultInformation, InformationForm, CgvForm, POLICY_OPTIONS, UNSAFE_LINK_MESSAGE, type CgvValue } from '@tablee/sections';
import { dataError } from '../../src/data';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSection } from './harness';
import { paste } from '../../../tooling/jest/paste';

describe('InformationForm', () => {
  it("has the six amenities, 'Sous 6h' by default, and the url field in edit only", () => {
    renderSection(InformationForm, defaultInformation(), 'edit');
    for (const label of ['Plain-pied', 'Accès PMR', 'Parking', 'Climatisation', 'WIFI', 'Voiturier']) expect(screen.getByRole('checkbox', { name: label })).not.toBeChecked();
    expect(screen.getByTitle('Sous 6h')).toBeInTheDocument();
    expect(screen.getByLabelText('Site web')).toBeInTheDocument();
  });

  it('has no url field in onboarding', () => {
    const { url: _none, ...withoutUrl } = defaultInformation();
    renderSection(InformationForm, withoutUrl, 'onboarding');
    expect(screen.queryByLabelText('Site web')).not.toBeInTheDocument();
  });

  it('requires name, address, contact email and WhatsApp, and checks the email and url formats', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(InformationForm, defaultInformation(), 'edit');
    await paste(user, screen.getByLabelText('Site web'), 'pas une url');
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText('Veuillez saisir le nom du restaurant')).toBeInTheDocument();
    expect(screen.getByText("Veuillez saisir l'adresse du restaurant")).toBeInTheDocument();
    expect(screen.getByText("Veuillez saisir l'email de contact")).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir le numéro WhatsApp')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir une adresse https:// valide (ex. https://monrestaurant.fr)')).toBeInTheDocument();
    expect(latest.validated).toBe(false);
    await paste(user, screen.getByLabelText('Email de contact'), 'pas-un-email');
    expect(await screen.findByText('Veuillez saisir une adresse email valide')).toBeInTheDocument();
  });

  it('hands every change to onChange', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(InformationForm, defaultInformation(), 'edit');
    await paste(user, screen.getByLabelText('Nom du restaurant'), 'Chez Léon');
    await user.click(screen.getByRole('checkbox', { name: 'Accès PMR' }));
    expect(latest.value.name).toBe('Chez Léon');
    expect(latest.value.amenities).toEqual({ groundFloor: false, accessibleToDisabled: true, parking: false, airConditioning: false, wifi: false, valetParking: false });
  });

  it('is read-only while disabled', () => {
    renderSection(InformationForm, defaultInformation(), 'edit', true);
    expect(screen.getByLabelText('Nom du restaurant')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'WIFI' })).toBeDisabled();
  });
});

describe('CgvForm', () => {
  it('offers the five policies for cancellation and modification', () => {
    renderSection<CgvValue>(CgvForm, { link: '' });
    expect(POLICY_OPTIONS.map((o) => o.label)).toEqual(['Jour J', '24h', '48h', '72h (3 jours)', '7 jours']);
    for (const o of POLICY_OPTIONS) expect(screen.getAllByRole('radio', { name: o.label })).toHaveLength(2);
  });

  it('requires both policies, accepts an empty link, refuses a link that is not a URL', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<CgvValue>(CgvForm, { link: '' });
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText("Veuillez choisir une politique d'annulation")).toBeInTheDocument();
    expect(screen.getByText('Veuillez choisir une politique de modification')).toBeInTheDocument();
    await user.click(screen.getAllByRole('radio', { name: '48h' })[0]);
    await user.click(screen.getAllByRole('radio', { name: 'Jour J' })[1]);
    expect(latest.value).toEqual({ cancellationPolicy: '48h', modificationPolicy: 'same_day', link: '' });
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(true));
    await paste(user, screen.getByLabelText('Lien vers vos CGV (PDF, facultatif)'), 'cgv');
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText('Veuillez saisir une adresse https:// valide (ex. https://monrestaurant.fr/cgv.pdf)')).toBeInTheDocument();
    // Spaces around a valid link are trimmed on save, so they are not an error.
    await paste(user, screen.getByLabelText('Lien vers vos CGV (PDF, facultatif)'), '  https://exemple.fr/cgv.pdf  ', { replace: true });
    latest.validated = undefined;
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(true));
  });
});

/** Issue 32, item 16: the site web and CGV link are https, printable ASCII, a plain or punycode host — the database's rule. */
describe('stored links in the forms', () => {
  const unsafe = ['javascript:alert(1)', 'http://monrestaurant.fr', 'https://monrestaurant.fr/\u202Efdp.pdf', 'https://café.fr', 'https://banque.fr@pirate.exemple'];

  it.each(unsafe)('the site web refuses %j in French', async (link) => {
    const user = userEvent.setup({ delay: null });
    renderSection(InformationForm, defaultInformation(), 'edit');
    await paste(user, screen.getByLabelText('Site web'), link);
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText('Veuillez saisir une adresse https:// valide (ex. https://monrestaurant.fr)')).toBeInTheDocument();
  });

  it.each(unsafe)('the CGV link refuses %j in French', async (link) => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<CgvValue>(CgvForm, { cancellationPolicy: '48h', modificationPolicy: '24h', link: '' });
    await paste(user, screen.getByLabelText('Lien vers vos CGV (PDF, facultatif)'), link);
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText('Veuillez saisir une adresse https:// valide (ex. https://monrestaurant.fr/cgv.pdf)')).toBeInTheDocument();
    expect(latest.validated).toBe(false);
  });

  it('accepts an https link with a punycode domain', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<CgvValue>(CgvForm, { cancellationPolicy: '48h', modificationPolicy: '24h', link: '' });
    await paste(user, screen.getByLabelText('Lien vers vos CGV (PDF, facultatif)'), 'https://xn--caf-dma.fr/cgv.pdf');
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(true));
  });

  it("turns the database's refusal of a link into a French message", () => {
    const error = dataError({ code: '23514', message: 'new row for relation "restaurants" violates check constraint "restaurants_url_safe_link"' });
    expect(error.message).toBe(UNSAFE_LINK_MESSAGE);
  });
});
