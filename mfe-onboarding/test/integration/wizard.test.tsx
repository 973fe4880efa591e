import { RefusedValueError, SAVE_ERROR_MESSAGE, type SectionApi, type SectionFormProps } from '@tablee/sections';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import userEvent from '@testing-library/user-event';
import type { AnyOnboardingStep, OnboardingStepKey } from '../../src/features/wizard/steps';
import { readOnboardingProgress, writeOnboardingProgress } from '../../src/lib/onboardingProgress';
import { renderWizard } from '../render';
import { newRestaurant, signInNewOwner } from '../session';
import { paste } from '../../../tooling/jest/paste';

/*
 * The wizard with tiny sections of the test's own (a text field and an in-memory store whose saves the
 * test completes by hand); the restaurant itself is real, in local-supabase.
 */
type Text = { text: string };

function TextForm({ context, restaurantId, form, initialValue, onBusyChange }: SectionFormProps<Text> & { onBusyChange?: (busy: boolean) => void }) {
  return (
    <div>
      <label>
        Envoi en cours
        <input type="checkbox" onChange={(e) => onBusyChange?.(e.target.checked)} />
      </label>
      <Form form={form} initialValues={initialValue}>
        <label>
          Texte
          <Form.Item name="text" noStyle>
            <input />
          </Form.Item>
        </label>
        {/* The field's message, as a Form.Item with a label would show it. */}
        <Form.Item noStyle shouldUpdate>
          {() => <output data-testid="text-error">{form.getFieldError('text').join(' ')}</output>}
        </Form.Item>
      </Form>
      <output data-testid="form-props">{`${context} ${restaurantId}`}</output>
    </div>
  );
}

/** An in-memory section: saves resolve at once, or wait for the test when `manual` is on. */
function memorySection(key: string, initial: Text = { text: '' }) {
  const state = { stored: initial, manual: false, calls: [] as { value: Text; resolve: () => void; reject: () => void }[] };
  const api: SectionApi<Text> = {
    key,
    load: async () => ({ value: state.stored, stored: true }),
    save: (_id, value) =>
      new Promise<void>((resolve, reject) => {
        const call = {
          value,
          resolve: () => {
            state.stored = value;
            resolve();
          },
          reject: () => reject(new Error('réseau indisponible')),
        };
        state.calls.push(call);
        if (!state.manual) call.resolve();
      }),
  };
  return { state, api };
}

const KEYS: OnboardingStepKey[] = ['information', 'photos', 'hours', 'menus', 'options', 'billing'];
const LABELS = ['Informations', 'Photos', 'Horaires & Fonctionnement', 'Menus', 'Options', 'Facturation'];

function sixSteps(debounceMs = 60_000, overrides: Partial<Record<OnboardingStepKey, Partial<AnyOnboardingStep>>> = {}) {
  const sections = KEYS.map((key) => memorySection(key));
  const steps: AnyOnboardingStep[] = KEYS.map((key, i) => ({ key, label: LABELS[i], api: sections[i].api, Form: TextForm, debounceMs, ...overrides[key] }));
  return { steps, sections };
}

const location = () => screen.getByTestId('location').textContent;
const heading = (n: number) => screen.findByRole('heading', { name: `Étape ${n}/6 · ${LABELS[n - 1]}` });

describe('wizard navigation', () => {
  it('walks the six steps in order with Précédent, Suivant and finally Terminer, which clears the onboarding restaurant', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    const { steps } = sixSteps();
    renderWizard(`/onboarding/${id}`, steps);
    expect(await screen.findByRole('heading', { name: 'Ajouter un restaurant' })).toBeInTheDocument();
    await heading(1);
    await waitFor(() => expect(location()).toBe(`/onboarding/${id}?etape=information`));
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
    // The shared form gets the onboarding context and the restaurant.
    expect(await screen.findByTestId('form-props')).toHaveTextContent(`onboarding ${id}`);
    const user = userEvent.setup();
    for (let n = 2; n <= 6; n += 1) {
      await user.click(screen.getByRole('button', { name: 'Suivant' }));
      await heading(n);
      expect(location()).toBe(`/onboarding/${id}?etape=${KEYS[n - 1]}`);
      expect(readOnboardingProgress()).toEqual({ restaurantId: id, step: KEYS[n - 1] });
      expect(screen.getByRole('button', { name: 'Précédent' })).toBeEnabled();
    }
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByRole('button', { name: 'Suivant' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await heading(5);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await heading(6);
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    // A new restaurant lacks almost everything: Terminer lists it, and the owner may finish anyway.
    const dialog = await screen.findByRole('dialog', { name: 'Il manque encore 10 éléments à votre assistant' });
    expect(within(dialog).getByText(/^Nom du restaurant/)).toBeInTheDocument();
    // The CGV are asked in the last step (Facturation): each item leads to its step.
    expect(within(dialog).getByText(/Conditions d'annulation et de modification \(CGV\)/)).toHaveTextContent('aller à l’étape');
    expect(within(dialog).queryByText(/à compléter ensuite/)).not.toBeInTheDocument();
    expect((await client.from('restaurants').select('onboarding_finished_at').eq('id', id).single()).data!.onboarding_finished_at).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Terminer quand même' }));
    await waitFor(() => expect(location()).toBe('/restaurants'));
    expect(readOnboardingProgress()).toBeNull();
    expect((await client.from('restaurants').select('onboarding_finished_at').eq('id', id).single()).data!.onboarding_finished_at).not.toBeNull();
  });

  it('Terminer with something missing can go to the step instead: the first incomplete one, or the one chosen', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    // Information given: the first gap is a menu (step 4).
    await client.from('restaurants').update({ name: 'Chez Paul', address: '1 rue Neuve' }).eq('id', id);
    await client.from('restaurant_contacts').update({ email: 'a@b.fr', whatsapp: '+33600000000' }).eq('restaurant_id', id);
    const { steps } = sixSteps();
    renderWizard(`/onboarding/${id}?etape=billing`, steps);
    const user = userEvent.setup();
    await heading(6);
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    let dialog = await screen.findByRole('dialog', { name: 'Il manque encore 6 éléments à votre assistant' });
    expect(within(dialog).queryByText(/^Nom du restaurant/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Compléter maintenant' }));
    await heading(4);
    expect(location()).toBe(`/onboarding/${id}?etape=menus`);

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await heading(5);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await heading(6);
    await user.click(screen.getByRole('button', { name: 'Terminer' }));
    dialog = await screen.findByRole('dialog', { name: 'Il manque encore 6 éléments à votre assistant' });
    const bank = within(dialog).getByText(/Coordonnées bancaires/);
    await user.click(within(bank).getByRole('button', { name: 'aller à l’étape' }));
    await heading(6);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await client.from('restaurants').select('onboarding_finished_at').eq('id', id).single()).data!.onboarding_finished_at).toBeNull();
  });

  it('a step seen before shows at once what was saved in it (the query cache), with no loading state', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    const { steps, sections } = sixSteps();
    renderWizard(`/onboarding/${id}`, steps);
    const user = userEvent.setup();
    await paste(user, await screen.findByLabelText('Texte'), 'Chez Paul');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await heading(2);
    expect(sections[0].state.stored).toEqual({ text: 'Chez Paul' });
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    await heading(1);
    expect(screen.queryByText('Chargement...')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Texte')).toHaveValue('Chez Paul');
  });

  it('waits while the form reports a long action of its own (photo upload): no Précédent, Suivant', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    renderWizard(`/onboarding/${id}?etape=photos`, sixSteps().steps);
    await heading(2);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Envoi en cours'));
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
    await user.click(screen.getByLabelText('Envoi en cours'));
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeEnabled();
  });

  it('resumes at the step of the URL, else at the step stored for this restaurant', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    writeOnboardingProgress({ restaurantId: id, step: 'hours' });
    const first = renderWizard(`/onboarding/${id}`, sixSteps().steps);
    await heading(3);
    await waitFor(() => expect(location()).toBe(`/onboarding/${id}?etape=hours`));
    act(() => first.dispose());
    document.body.innerHTML = '';
    renderWizard(`/onboarding/${id}?etape=menus`, sixSteps().steps);
    await heading(4);
    // Another restaurant's stored step does not apply here.
    // (Démarrer would resume the untouched one above: this one is created another way.)
    const other = (await client.from('restaurants').insert({ onboarding_finished_at: null }).select('id').single()).data!.id;
    document.body.innerHTML = '';
    renderWizard(`/onboarding/${other}`, sixSteps().steps);
    await heading(1);
  });

  it.each([
    ['an unknown id', async () => '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a uuid', async () => 'pas-un-id'],
    [
      "another owner's restaurant",
      async () => {
        const { client } = await signInNewOwner();
        const foreign = await newRestaurant(client);
        await signInNewOwner();
        return foreign;
      },
    ],
  ])('sends %s to /restaurants', async (_label, makeId) => {
    await signInNewOwner();
    const id = await makeId();
    renderWizard(`/onboarding/${id}`, sixSteps().steps);
    await waitFor(() => expect(location()).toBe('/restaurants'));
  });
});

/** A signed-in owner's new restaurant in the wizard, 'text' typed on step 1 (debounce 60 s: only a flush saves). */
async function typedOnFirstStep(text: string, { manualSaves = true } = {}) {
  const { client } = await signInNewOwner();
  const id = await newRestaurant(client);
  const { steps, sections } = sixSteps(60_000);
  sections[0].state.manual = manualSaves;
  renderWizard(`/onboarding/${id}`, steps);
  const user = userEvent.setup();
  await paste(user, await screen.findByLabelText('Texte'), text);
  return { id, user, first: sections[0].state };
}

describe('wizard autosave', () => {
  it('Suivant saves the pending change first and waits for it; the step changes only once it is stored', async () => {
    const { user, first } = await typedOnFirstStep('Chez Léa');
    // The autosave observes the form (Form.useWatch), whose watchers are told a task after the change.
    await waitFor(() => expect(screen.getByTestId('save-indicator')).toHaveTextContent('Enregistrement…'));
    // The debounce (60 s here) has not elapsed: nothing saved yet.
    expect(first.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(first.calls.map((c) => c.value.text)).toEqual(['Chez Léa']));
    expect(screen.getByRole('heading', { name: 'Étape 1/6 · Informations' })).toBeInTheDocument();
    act(() => first.calls[0].resolve());
    await heading(2);
    expect(first.stored).toEqual({ text: 'Chez Léa' });
  });

  it('a failed save keeps the step and the typed text on screen, reports the error, and Réessayer saves it', async () => {
    const { user, first } = await typedOnFirstStep('Le Zinc');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(first.calls).toHaveLength(1));
    act(() => first.calls[0].reject());
    expect(await screen.findByText(SAVE_ERROR_MESSAGE)).toBeInTheDocument();
    expect(screen.getByTestId('save-indicator')).toHaveAttribute('data-status', 'error');
    expect(screen.getByRole('heading', { name: 'Étape 1/6 · Informations' })).toBeInTheDocument();
    expect(screen.getByLabelText('Texte')).toHaveValue('Le Zinc');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(first.calls).toHaveLength(2));
    act(() => first.calls[1].resolve());
    await waitFor(() => expect(screen.getByTestId('save-indicator')).toHaveTextContent('Enregistré'));
    expect(first.stored).toEqual({ text: 'Le Zinc' });
  });

  it('leaving the wizard through the router saves the pending change before the page changes', async () => {
    const { id, user, first } = await typedOnFirstStep('Bouchon');
    await user.click(screen.getByRole('link', { name: 'Tableau de bord' }));
    await waitFor(() => expect(first.calls.map((c) => c.value.text)).toEqual(['Bouchon']));
    expect(location()).toBe(`/onboarding/${id}?etape=information`);
    act(() => first.calls[0].resolve());
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('hiding the page (pagehide) saves the pending change at once', async () => {
    const { first } = await typedOnFirstStep('Au Vieux Port', { manualSaves: false });
    expect(first.calls).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(first.stored).toEqual({ text: 'Au Vieux Port' }));
  });

  it("saves after the step's own debounce (fake timers), and applies and saves the step's onboarding default", async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    // The first step's api loads a default ('lundi…dimanche') while nothing is stored.
    const { steps, sections } = sixSteps(500);
    const first = sections[0].state;
    const loadStored = steps[0].api.load;
    steps[0] = {
      ...steps[0],
      api: { ...steps[0].api, load: async (rid: string) => ((await loadStored(rid)).value.text ? loadStored(rid) : { value: { text: 'lundi…dimanche' }, stored: false }) },
    };
    renderWizard(`/onboarding/${id}`, steps);
    const input = await screen.findByLabelText('Texte');
    expect(input).toHaveValue('lundi…dimanche');
    await waitFor(() => expect(first.stored).toEqual({ text: 'lundi…dimanche' }), { timeout: 3000 });
    const indicator = screen.getByTestId('save-indicator');
    await waitFor(() => expect(indicator).toHaveAttribute('data-status', 'saved'));
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      // One change (the whole text replaced by one paste): the autosave is handed one value.
      await user.click(input);
      (input as HTMLInputElement).setSelectionRange(0, (input as HTMLInputElement).value.length);
      await user.paste('Chez Marcel');
      // The form tells its watchers (the autosave) in tasks of their own (a MessageChannel, here a
      // zero-delay timer: tooling/jest/setup.cjs), then React renders: zero-length steps of fake time
      // pass until the autosave has the change; its debounce starts there.
      for (let step = 0; indicator.dataset.status !== 'pending'; step++) {
        if (step === 50) throw new Error('the autosave was never handed the change');
        await act(async () => {
          jest.advanceTimersByTime(0);
        });
      }
      const before = first.calls.length;
      act(() => jest.advanceTimersByTime(499));
      expect(first.calls).toHaveLength(before);
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      expect(first.calls.map((c) => c.value.text).slice(before)).toEqual(['Chez Marcel']);
      expect(first.stored).toEqual({ text: 'Chez Marcel' });
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('a value the database refuses', () => {
  it('is marked on its field with the database’s message, and not saved again until the owner changes it', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    const { steps, sections } = sixSteps(50);
    const first = sections[0];
    const message = 'Une seule ligne : retirez les retours à la ligne';
    first.api.fields = { 'memo.text': ['text'] };
    const save = first.api.save;
    first.api.save = (restaurantId, value) => (value.text.includes('|') ? Promise.reject(new RefusedValueError(message, '23514', 'memo.text')) : save(restaurantId, value));
    renderWizard(`/onboarding/${id}`, steps);
    const user = userEvent.setup();
    await paste(user, await screen.findByLabelText('Texte'), 'Chez|Léa');
    await waitFor(() => expect(screen.getByTestId('save-indicator')).toHaveAttribute('data-status', 'invalid'));
    expect(await screen.findByTestId('text-error')).toHaveTextContent(message);
    await paste(user, screen.getByLabelText('Texte'), 'Chez Léa', { replace: true });
    await waitFor(() => expect(first.state.stored).toEqual({ text: 'Chez Léa' }));
    await waitFor(() => expect(screen.getByTestId('save-indicator')).toHaveAttribute('data-status', 'saved'));
    expect(screen.getByTestId('text-error')).toBeEmptyDOMElement();
  });
});
