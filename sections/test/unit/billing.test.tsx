import type { Billing } from '@tablee/domain';
import { defaultBilling } from '../../src/mappers';
import {
  applyDepositToggle,
  BillingForm,
  BIC_MESSAGE,
  bicError,
  IBAN_CHECKSUM_MESSAGE,
  IBAN_FORMAT_MESSAGE,
  ibanError,
  PAYMENT_LINK_MESSAGE,
  paymentLinkError,
  POSTAL_CODE_MESSAGE,
  postalCodeError,
  SIRET_CHECKSUM_MESSAGE,
  SIRET_FORMAT_MESSAGE,
  siretError,
} from '@tablee/sections';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSection } from './harness';
import { paste } from '../../../tooling/jest/paste';

const filled = (): Billing => ({
  legalInformation: { companyName: 'Comptoir des Halles', legalForm: 'SAS', siretNumber: '85234567700011', rcsCity: 'Lyon', vatNumber: 'FR61852345677' },
  headquartersAddress: { address: '102 cours Lafayette', postalCode: '69003', city: 'Lyon', country: 'France' },
  paymentConditions: { requiresDeposit: true, depositMethod: 'acompte', depositType: 'percentage', depositAmount: 30 },
  remainingPayment: { onSite: true, online: false },
  bankDetails: { iban: 'FR76 1780 6001 0096 1875 4203 112', bic: 'AGRIFRPP878' },
  billingContact: { name: 'Julien Morel', email: 'compta@exemple.fr', phone: '04 78 62 11 45' },
});

describe('format checks', () => {
  it('IBAN: spaces allowed, format then mod-97 key', () => {
    expect(ibanError('FR76 1780 6001 0096 1875 4203 112')).toBeNull();
    expect(ibanError('fr7630006000011234567890189')).toBeNull();
    expect(ibanError('FR76 1780 6001 0096 1875 4203 113')).toBe(IBAN_CHECKSUM_MESSAGE);
    expect(ibanError('1234')).toBe(IBAN_FORMAT_MESSAGE);
  });
  it('payment link: empty, or a whole https:// address of at most 500 characters', () => {
    expect(paymentLinkError('')).toBeNull();
    expect(paymentLinkError('  https://buy.stripe.com/abc ')).toBeNull();
    expect(paymentLinkError('http://buy.stripe.com/abc')).toBe(PAYMENT_LINK_MESSAGE);
    expect(paymentLinkError('https://pay example.fr')).toBe(PAYMENT_LINK_MESSAGE);
    // Issue 32, item 16: no right-to-left override, no look-alike non-ASCII domain, no user name before the host.
    expect(paymentLinkError('https://paiement.fr/\u202Efdp.exe')).toBe(PAYMENT_LINK_MESSAGE);
    expect(paymentLinkError('https://pаypal.com/acompte')).toBe(PAYMENT_LINK_MESSAGE);
    expect(paymentLinkError('https://banque.fr@pirate.exemple')).toBe(PAYMENT_LINK_MESSAGE);
    expect(paymentLinkError('javascript:alert(1)')).toBe(PAYMENT_LINK_MESSAGE);
    expect(paymentLinkError('https://xn--pypal-4ve.com/acompte')).toBeNull();
    expect(paymentLinkError(`https://x.fr/${'a'.repeat(500)}`)).toBe(PAYMENT_LINK_MESSAGE);
  });
  it('BIC: 8 or 11 characters', () => {
    expect(bicError('AGRIFRPP')).toBeNull();
    expect(bicError('agrifrpp878')).toBeNull();
    expect(bicError('AGRIFRP')).toBe(BIC_MESSAGE);
    expect(bicError('1GRIFRPP')).toBe(BIC_MESSAGE);
  });
  it('SIRET: 14 digits with the Luhn key (La Poste: digit sum multiple of 5)', () => {
    expect(siretError('852 345 677 00011')).toBeNull();
    expect(siretError('73282932000074')).toBeNull();
    expect(siretError('73282932000075')).toBe(SIRET_CHECKSUM_MESSAGE);
    expect(siretError('7328293200007')).toBe(SIRET_FORMAT_MESSAGE);
    expect(siretError('35600000000048')).toBeNull();
    expect(siretError('35600000012346')).toBeNull();
    expect(siretError('35600000012345')).toBe(SIRET_CHECKSUM_MESSAGE);
  });
  it('postal code: 5 digits in France only', () => {
    expect(postalCodeError('69003', 'France')).toBeNull();
    expect(postalCodeError('6900', 'France')).toBe(POSTAL_CODE_MESSAGE);
    expect(postalCodeError('1000', 'Belgique')).toBeNull();
  });
});

describe('deposit rules (spec §4)', () => {
  it('edit: unchecking clears method, type and amount; checking sets percentage and 0', () => {
    const off = applyDepositToggle(filled(), false, 'edit');
    expect(off.paymentConditions).toEqual({ requiresDeposit: false });
    const on = applyDepositToggle(off, true, 'edit');
    expect(on.paymentConditions).toEqual({ requiresDeposit: true, depositType: 'percentage', depositAmount: 0 });
  });
  it('onboarding: unchecking clears only the method', () => {
    const off = applyDepositToggle(filled(), false, 'onboarding');
    expect(off.paymentConditions).toEqual({ requiresDeposit: false, depositType: 'percentage', depositAmount: 30 });
  });
});

describe('BillingForm', () => {
  it('starts with France, on-site payment and the deposit fields disabled', () => {
    renderSection(BillingForm, defaultBilling());
    expect(screen.getByLabelText('Pays')).toHaveValue('France');
    expect(screen.getByRole('radio', { name: 'Sur place' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'En ligne' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Acompte' })).toBeDisabled();
    expect(screen.getByLabelText(/^Montant \(/)).toBeDisabled();
  });

  it('edit: unchecking the deposit clears the fields on screen, checking sets percentage and 0', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(BillingForm, filled());
    expect(screen.getByLabelText(/^Montant \(/)).toHaveValue('30');
    await user.click(screen.getByRole('checkbox', { name: 'Exiger un acompte ou une empreinte bancaire' }));
    expect(latest.value.paymentConditions).toEqual({ requiresDeposit: false });
    await waitFor(() => expect(screen.getByLabelText(/^Montant \(/)).toHaveValue(''));
    expect(screen.getByRole('radio', { name: 'Acompte' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pourcentage' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Exiger un acompte ou une empreinte bancaire' }));
    expect(latest.value.paymentConditions).toEqual({ requiresDeposit: true, depositType: 'percentage', depositAmount: 0 });
    await waitFor(() => expect(screen.getByLabelText(/^Montant \(/)).toHaveValue('0'));
    expect(screen.getByRole('radio', { name: 'Pourcentage' })).toBeChecked();
    expect(screen.getByLabelText(/^Montant \(/)).toHaveAttribute('aria-valuemax', '100');
  });

  it('onboarding: unchecking keeps type and amount', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(BillingForm, filled(), 'onboarding');
    await user.click(screen.getByRole('checkbox', { name: 'Exiger un acompte ou une empreinte bancaire' }));
    expect(latest.value.paymentConditions).toEqual({ requiresDeposit: false, depositType: 'percentage', depositAmount: 30 });
  });

  it('a percentage is capped at 100; a fixed amount takes cents and has no cap', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(BillingForm, filled());
    const percent = screen.getByLabelText('Montant (%)');
    await paste(user, percent, '150', { replace: true });
    await user.tab();
    await waitFor(() => expect(latest.value.paymentConditions.depositAmount).toBe(100));
    await user.click(screen.getByRole('radio', { name: 'Montant fixe' }));
    expect(await screen.findByLabelText('Montant (€ TTC)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Montant \(/)).not.toHaveAttribute('aria-valuemax');
    const amount = screen.getByLabelText(/^Montant \(/);
    await paste(user, amount, '150,50', { replace: true });
    await user.tab();
    expect(latest.value.paymentConditions.depositAmount).toBe(150.5);
    expect(latest.value.paymentConditions.depositType).toBe('fixed');
  });

  it('remaining payment: exactly one of on site / online', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(BillingForm, filled());
    await user.click(screen.getByRole('radio', { name: 'En ligne' }));
    expect(latest.value.remainingPayment).toEqual({ onSite: false, online: true });
    await user.click(screen.getByRole('radio', { name: 'Sur place' }));
    expect(latest.value.remainingPayment).toEqual({ onSite: true, online: false });
  });

  it('shows the required and format messages in French', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(BillingForm, filled());
    await user.clear(screen.getByLabelText('Raison sociale'));
    await paste(user, screen.getByLabelText('Numéro SIRET'), '73282932000075', { replace: true });
    await paste(user, screen.getByLabelText('IBAN'), 'FR76 1780 6001 0096 1875 4203 113', { replace: true });
    await paste(user, screen.getByLabelText('BIC'), 'AGRI', { replace: true });
    await paste(user, screen.getByLabelText('Code postal'), '6903', { replace: true });
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await screen.findByText('Veuillez saisir la raison sociale')).toBeInTheDocument();
    // antd shows each field's message when its own (asynchronous) rule settles: wait for each.
    expect(await screen.findByText(SIRET_CHECKSUM_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText(IBAN_CHECKSUM_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText(BIC_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText(POSTAL_CODE_MESSAGE)).toBeInTheDocument();
    expect(latest.validated).toBe(false);
    // Another country: its postal code is not checked.
    await paste(user, screen.getByLabelText('Pays'), 'Belgique', { replace: true });
    await waitFor(() => expect(screen.queryByText(POSTAL_CODE_MESSAGE)).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Informations légales' })).getByText('Veuillez saisir la raison sociale')).toBeInTheDocument();
  });

  it('refuses a billing phone that is not one, a VAT number that is not French, of a wrong key or of another SIREN than the SIRET', async () => {
    const user = userEvent.setup({ delay: null });
    const { latest } = renderSection(BillingForm, filled());
    const vat = screen.getByLabelText('Numéro de TVA intracommunautaire');
    const fieldOf = (label: string) => within(screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement);
    await paste(user, screen.getByLabelText('Téléphone'), 'abc', { replace: true });
    await paste(user, vat, 'FR123', { replace: true });
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    expect(await fieldOf('Téléphone').findByText('Numéro de téléphone invalide (ex. 06 12 34 56 78, ou +44 20 7946 0958 hors de France)')).toBeInTheDocument();
    expect(
      await fieldOf('Numéro de TVA intracommunautaire').findByText('Numéro de TVA invalide : FR, une clé de 2 caractères et les 9 chiffres du SIREN (ex. FR44732829320)'),
    ).toBeInTheDocument();
    expect(latest.validated).toBe(false);
    await paste(user, vat, 'FR62 852 345 677', { replace: true });
    expect(await fieldOf('Numéro de TVA intracommunautaire').findByText('Numéro de TVA invalide : la clé ne correspond pas au SIREN, vérifiez votre saisie')).toBeInTheDocument();
    await paste(user, vat, 'FR44732829320', { replace: true });
    expect(
      await fieldOf('Numéro de TVA intracommunautaire').findByText('Le numéro de TVA ne correspond pas au SIRET : il contient le SIREN (les 9 premiers chiffres du SIRET)'),
    ).toBeInTheDocument();
    await paste(user, vat, 'fr61 852 345 677', { replace: true });
    await paste(user, screen.getByLabelText('Téléphone'), '+44 20 7946 0958', { replace: true });
    await user.click(screen.getByRole('button', { name: 'Vérifier le formulaire' }));
    await waitFor(() => expect(latest.validated).toBe(true));
  });

  it('is read-only while disabled', () => {
    renderSection(BillingForm, filled(), 'edit', true);
    expect(screen.getByLabelText('IBAN')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Sur place' })).toBeDisabled();
  });
});
