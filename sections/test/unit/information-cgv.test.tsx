import { ADVANCE_NATURES } from '@tablee/domain/payments';
import { defaultCgv, defaultInformation, InformationForm, CgvForm, POLICY_OPTIONS, UNSAFE_LINK_MESSAGE, type CgvValue } from '@tablee/sections';
import { dataError } from '../../src/data';
import { screen, waitFor, within } from '@testing-library/react';
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
    renderSection<CgvValue>(CgvForm, defaultCgv());
    expect(POLICY_OPTIONS.map((o) => o.label)).toEqual(['Jour J', '24h', '48h', '72h (3 jours)', '7 jours']);
    for (const o of POLICY_OPTIONS) expect(screen.getAllByRole('radio', { name: o.label })).toHaveLength(2);
  });

  it('requires both policies, accepts an empty link, refuses a link that is not a URL', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<CgvValue>(CgvForm, defaultCgv());
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText("Veuillez choisir une politique d'annulation")).toBeInTheDocument();
    expect(screen.getByText('Veuillez choisir une politique de modification')).toBeInTheDocument();
    await user.click(screen.getAllByRole('radio', { name: '48h' })[0]);
    await user.click(screen.getAllByRole('radio', { name: 'Jour J' })[1]);
    expect(latest.value).toEqual({ ...defaultCgv(), cancellationPolicy: '48h', modificationPolicy: 'same_day' });
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

describe('CgvForm: the nature of the sums paid in advance and the no-show fee', () => {
  const chosen = (): CgvValue => ({ ...defaultCgv(), cancellationPolicy: '48h', modificationPolicy: '24h' });
  const feeSelect = () => screen.getByRole('combobox', { name: 'Frais de non-présentation (empreinte bancaire)' });
  /** Picks an option of the fee select in its open dropdown (a closed dropdown stays in the document, hidden). */
  async function chooseFee(user: ReturnType<typeof userEvent.setup>, label: string) {
    await user.click(feeSelect());
    const option = await waitFor(() => {
      const open = document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      expect(open).toHaveLength(1);
      return within(open[0] as HTMLElement).getByTitle(label);
    });
    await user.click(option);
  }

  it("offers arrhes (the default) and acompte, each with its consequence, and the law's presumption", () => {
    renderSection<CgvValue>(CgvForm, chosen());
    expect(screen.getByText("Nature des sommes versées d'avance")).toBeInTheDocument();
    const arrhes = screen.getByRole('radio', { name: 'Arrhes' });
    const acompte = screen.getByRole('radio', { name: 'Acompte' });
    expect(arrhes).toBeChecked();
    expect(acompte).not.toBeChecked();
    expect(arrhes).toHaveAccessibleDescription(ADVANCE_NATURES.arrhes.consequence);
    expect(acompte).toHaveAccessibleDescription(ADVANCE_NATURES.acompte.consequence);
    expect(screen.getByText('Sans précision dans vos CGV, la loi les considère comme des arrhes.')).toBeInTheDocument();
    expect(screen.getByText('Prélevé uniquement après « Non présenté », sur la carte enregistrée par le client ; jamais plus que ce montant.')).toBeInTheDocument();
    // No fee by default: no amount asked.
    expect(screen.getByTitle('Aucun')).toBeInTheDocument();
    expect(screen.queryByLabelText('Montant')).not.toBeInTheDocument();
  });

  it('comes before the PDF link, after the policies', () => {
    renderSection<CgvValue>(CgvForm, chosen());
    const order = ['Politique de modification', "Nature des sommes versées d'avance", 'Frais de non-présentation (empreinte bancaire)', 'Lien vers vos CGV (PDF, facultatif)'].map((t) =>
      screen.getByText(t),
    );
    for (let i = 1; i < order.length; i++) expect(order[i - 1].compareDocumentPosition(order[i]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("asks the amount once a fee type is chosen ('Indiquez le montant des frais'), in euros with a decimal comma", async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<CgvValue>(CgvForm, chosen());
    await user.click(screen.getByRole('radio', { name: 'Acompte' }));
    await chooseFee(user, 'Par personne');
    const amount = await screen.findByLabelText('Montant');
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText('Indiquez le montant des frais')).toBeInTheDocument();
    expect(latest.validated).toBe(false);
    await user.type(amount, '15,5');
    await user.tab();
    expect(amount).toHaveValue('15,50');
    expect(screen.getByText('€')).toBeInTheDocument();
    latest.validated = undefined;
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(true));
    expect(latest.value).toEqual({ ...chosen(), advancePaymentNature: 'acompte', noShowFee: { type: 'per_person', amount: 15.5 } });
  });

  it("back to 'Aucun', the amount goes and is no longer asked", async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<CgvValue>(CgvForm, { ...chosen(), noShowFee: { type: 'fixed', amount: 80 } });
    expect(screen.getByLabelText('Montant')).toHaveValue('80,00');
    await chooseFee(user, 'Aucun');
    await waitFor(() => expect(screen.queryByLabelText('Montant')).not.toBeInTheDocument());
    expect(latest.value.noShowFee).toEqual({ type: 'none', amount: undefined });
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
    const { latest } = renderSection<CgvValue>(CgvForm, { ...defaultCgv(), cancellationPolicy: '48h', modificationPolicy: '24h' });
    await paste(user, screen.getByLabelText('Lien vers vos CGV (PDF, facultatif)'), link);
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText('Veuillez saisir une adresse https:// valide (ex. https://monrestaurant.fr/cgv.pdf)')).toBeInTheDocument();
    expect(latest.validated).toBe(false);
  });

  it('accepts an https link with a punycode domain', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection<CgvValue>(CgvForm, { ...defaultCgv(), cancellationPolicy: '48h', modificationPolicy: '24h' });
    await paste(user, screen.getByLabelText('Lien vers vos CGV (PDF, facultatif)'), 'https://xn--caf-dma.fr/cgv.pdf');
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(true));
  });

  it("turns the database's refusal of a link into a French message", () => {
    const error = dataError({ code: '23514', message: 'new row for relation "restaurants" violates check constraint "restaurants_url_safe_link"' });
    expect(error.message).toBe(UNSAFE_LINK_MESSAGE);
  });
});
