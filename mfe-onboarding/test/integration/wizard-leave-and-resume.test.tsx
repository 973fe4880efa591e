/**
 * The onboarding no longer traps nor loses work (issue 30, item 10): each step of the stepper is
 * reachable by a click (what is typed saved first), an onboarding opened without a step resumes at
 * its first incomplete step (the domain's completeness), and on Facturation a field cleared or
 * invalid does not hold back the valid fields typed around it: they are saved, the field alone marked.
 */
import { billingApi, type SectionApi, type SectionFormProps } from '@tablee/sections';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { ONBOARDING_SECTION_STEPS } from '../../src/features/wizard/onboardingSteps';
import type { AnyOnboardingStep, OnboardingStepKey } from '../../src/features/wizard/steps';
import { renderWizard } from '../render';
import { newRestaurant, signInNewOwner } from '../session';
import { paste } from '../../../tooling/jest/paste';

type Text = { text: string };

function TextForm({ form, initialValue }: SectionFormProps<Text>) {
  return (
    <Form form={form} initialValues={initialValue}>
      <label>
        Texte
        <Form.Item name="text" noStyle>
          <input />
        </Form.Item>
      </label>
    </Form>
  );
}

const KEYS: OnboardingStepKey[] = ['information', 'photos', 'hours', 'menus', 'options', 'billing'];
const LABELS = ['Informations', 'Photos', 'Horaires & Fonctionnement', 'Menus', 'Options', 'Facturation'];

/** Six steps of in-memory sections (saves resolve at once; a 60 s debounce: only a flush saves). */
function sixSteps() {
  const saved: Record<string, string[]> = {};
  const steps: AnyOnboardingStep[] = KEYS.map((key, i) => {
    saved[key] = [];
    const api: SectionApi<Text> = {
      key,
      load: async () => ({ value: { text: saved[key].at(-1) ?? '' }, stored: true }),
      save: async (_id, value) => void saved[key].push(value.text),
    };
    return { key, label: LABELS[i], api, Form: TextForm, debounceMs: 60_000 };
  });
  return { steps, saved };
}

const location = () => screen.getByTestId('location').textContent;
const heading = (n: number) => screen.findByRole('heading', { name: `Étape ${n}/6 · ${LABELS[n - 1]}` });

describe('the stepper', () => {
  it('opens any step by a click on its name, once what the step holds is saved', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    const { steps, saved } = sixSteps();
    renderWizard(`/onboarding/${id}?etape=information`, steps);
    const user = userEvent.setup();
    await paste(user, await screen.findByLabelText('Texte'), 'Chez Paul');
    await user.click(screen.getByRole('button', { name: /Menus$/ }));
    await heading(4);
    expect(saved.information).toEqual(['Chez Paul']);
    expect(location()).toBe(`/onboarding/${id}?etape=menus`);
    // Back, to a step before.
    await user.click(screen.getByRole('button', { name: /Photos$/ }));
    await heading(2);
    expect(location()).toBe(`/onboarding/${id}?etape=photos`);
  });
});

describe('resuming', () => {
  it('an onboarding opened without a step (another browser) resumes at its first incomplete step', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    // Information given: the first gap is a menu (step 4).
    await client.from('restaurants').update({ name: 'Chez Paul', address: '1 rue Neuve' }).eq('id', id);
    await client.from('restaurant_contacts').update({ email: 'a@b.fr', whatsapp: '+33600000000' }).eq('restaurant_id', id);
    renderWizard(`/onboarding/${id}`, sixSteps().steps);
    await heading(4);
    await waitFor(() => expect(location()).toBe(`/onboarding/${id}?etape=menus`));
  });
});

describe('Facturation: what is valid is saved, the invalid field alone is marked', () => {
  async function billingStep() {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    renderWizard(`/onboarding/${id}?etape=billing`, ONBOARDING_SECTION_STEPS);
    // Both forms of the step loaded: the billing's indicator, then the CGV's.
    await waitFor(() => expect(screen.getAllByTestId('save-indicator')).toHaveLength(2));
    return { id, user: userEvent.setup(), indicator: screen.getAllByTestId('save-indicator')[0] };
  }
  const stored = async (id: string) => (await billingApi.load(id)).value;

  it('a SIRET typed then cleared does not drop the deposit choices and the payment link typed after it', async () => {
    const { id, user, indicator } = await billingStep();
    await paste(user, await screen.findByLabelText('Numéro SIRET'), '73282932000074');
    await waitFor(async () => expect((await stored(id)).legalInformation.siretNumber).toBe('73282932000074'), { timeout: 5000 });
    await user.clear(screen.getByLabelText('Numéro SIRET'));
    await user.click(screen.getByLabelText('Exiger un acompte ou une empreinte bancaire'));
    // Facturation's 'Acompte' (money taken, not an imprint), the first of the step: the CGV below it have their own (the sums' nature).
    await user.click(screen.getAllByLabelText('Acompte')[0]);
    await paste(user, screen.getByLabelText('Lien de paiement de l’acompte (facultatif)'), 'https://buy.stripe.com/test_partiel');
    await waitFor(
      async () => {
        const { paymentConditions } = await stored(id);
        expect(paymentConditions).toMatchObject({ requiresDeposit: true, depositMethod: 'acompte', paymentLink: 'https://buy.stripe.com/test_partiel' });
      },
      { timeout: 5000 },
    );
    // The cleared field alone is marked; the step says the rest is saved.
    expect(await screen.findByText('Veuillez saisir le numéro SIRET')).toBeInTheDocument();
    await waitFor(() => expect(indicator).toHaveTextContent('Enregistré, sauf les champs signalés en rouge : corrigez-les.'));
    expect(indicator).not.toHaveTextContent('Non enregistré');
    expect(document.querySelectorAll('.ant-form-item-has-error')).toHaveLength(1);
  });

  it('an invalid IBAN keeps what was stored for it, and the e-mail and phone typed after it are saved', async () => {
    const { id, user, indicator } = await billingStep();
    await paste(user, await screen.findByLabelText('IBAN'), 'FR76 0000');
    await paste(user, screen.getByLabelText('Email de facturation'), 'compta@exemple.fr');
    await paste(user, screen.getByLabelText('Téléphone'), '04 78 00 00 00');
    await waitFor(async () => expect((await stored(id)).billingContact).toMatchObject({ email: 'compta@exemple.fr', phone: '04 78 00 00 00' }), { timeout: 5000 });
    expect((await stored(id)).bankDetails.iban).toBe('');
    expect(await screen.findByText("Format d'IBAN invalide (ex. FR76 3000 6000 0112 3456 7890 189)")).toBeInTheDocument();
    await waitFor(() => expect(indicator).toHaveAttribute('data-status', 'invalid'));
    // Corrected: saved, and the step is saved.
    await paste(user, screen.getByLabelText('IBAN'), 'FR7630006000011234567890189', { replace: true });
    await waitFor(async () => expect((await stored(id)).bankDetails.iban).toBe('FR7630006000011234567890189'), { timeout: 5000 });
    await waitFor(() => expect(indicator).toHaveTextContent('✓ Enregistré'));
  });
});

describe('leaving with a field refused', () => {
  it('asks before leaving (the rest is saved): staying keeps the step, leaving goes', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    renderWizard(`/onboarding/${id}?etape=billing`, ONBOARDING_SECTION_STEPS);
    const user = userEvent.setup();
    await paste(user, await screen.findByLabelText('Numéro SIRET'), '123');
    await paste(user, screen.getByLabelText('Raison sociale'), 'SAS Canuts');
    // The link out stands for the header's 'Quitter' (the shell's), which goes the same way: the router.
    await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));
    let dialog = await screen.findByRole('dialog', { name: 'Quitter sans les champs signalés en rouge ?' });
    expect((await billingApi.load(id)).value.legalInformation.companyName).toBe('SAS Canuts');
    await user.click(within(dialog).getByRole('button', { name: 'Rester' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe(`/onboarding/${id}?etape=billing`);
    expect(screen.getByLabelText('Numéro SIRET')).toHaveValue('123');

    await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));
    dialog = await screen.findByRole('dialog', { name: 'Quitter sans les champs signalés en rouge ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Quitter' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect((await billingApi.load(id)).value.legalInformation).toMatchObject({ companyName: 'SAS Canuts', siretNumber: '' });
  });

  it('asks too when the section saved beside it (the CGV) stored its first value while the owner was leaving', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    // The CGV's first save (its proposal, nothing stored yet) held until released: a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let stored: string | null = null;
    const slowCgv: SectionApi<Text> = {
      key: 'cgv',
      load: async () => ({ value: { text: stored ?? 'Proposition' }, stored: stored !== null }),
      save: async (_id, value) => {
        await held;
        stored = value.text;
      },
    };
    const steps = ONBOARDING_SECTION_STEPS.map((step) => (step.key === 'billing' ? { ...step, also: { title: 'CGV', section: { api: slowCgv, Form: TextForm, debounceMs: 0 } } } : step));
    renderWizard(`/onboarding/${id}?etape=billing`, steps);
    const user = userEvent.setup();
    await paste(user, await screen.findByLabelText('Numéro SIRET'), '123');
    await paste(user, screen.getByLabelText('Raison sociale'), 'SAS Canuts');
    await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));
    // The billing step is stored (but its SIRET), then the CGV's save lands: the owner is asked, not kept without a word.
    await waitFor(async () => expect((await billingApi.load(id)).value.legalInformation.companyName).toBe('SAS Canuts'));
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Quitter sans les champs signalés en rouge ?' });
    expect(stored).toBe('Proposition');
    await user.click(within(dialog).getByRole('button', { name: 'Quitter' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });
});
