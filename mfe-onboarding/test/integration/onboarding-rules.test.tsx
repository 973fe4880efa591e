import { queryClient } from '@tablee/shared';
import { billingApi, hoursApi, informationApi, sectionQueryKey, type InformationValue, type SectionLoad } from '@tablee/sections';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ONBOARDING_SECTION_STEPS } from '../../src/features/wizard/onboardingSteps';
import { renderWizard } from '../render';
import { newRestaurant, signInNewOwner } from '../session';
import { holdFirstAnswer, restoreFetch } from '../../../tooling/jest/hold-answer';
import { paste } from '../../../tooling/jest/paste';

/*
 * The wizard with the real shared forms (context 'onboarding') on a real restaurant: the rules that
 * differ from the edit tabs reach the screen and the database.
 */
async function openStep(key: string) {
  const { client } = await signInNewOwner();
  const id = await newRestaurant(client);
  renderWizard(`/onboarding/${id}?etape=${key}`, ONBOARDING_SECTION_STEPS);
  return { id, user: userEvent.setup() };
}

describe('onboarding rules in the wizard', () => {
  it('hours: all seven days checked, minimum group size from 10, and stored without a change from the owner', async () => {
    const { id } = await openStep('hours');
    const days = await screen.findByRole('checkbox', { name: 'Dimanche' });
    expect(days).toBeChecked();
    for (const day of ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi']) expect(screen.getByRole('checkbox', { name: day })).toBeChecked();
    const lunch = screen.getByRole('region', { name: 'Service du midi' });
    // The spec's default minimum (1) is below the onboarding choices (10–30): it starts at 10.
    const minimum = within(lunch).getByLabelText('Taille de groupe min.').closest('.ant-select');
    expect(minimum?.querySelector('.ant-select-content')).toHaveAttribute('title', '10');
    // Shown, so stored: the edit tab finds the seven days.
    await waitFor(async () => expect((await hoursApi.load(id)).value.daysOpen).toHaveLength(7), { timeout: 5000 });
  });

  it('information: a save whose answer comes late is followed by the newer value, which is what is stored and shown', async () => {
    const { id, user } = await openStep('information');
    const indicator = await screen.findByTestId('save-indicator');
    const held = holdFirstAnswer((url) => url.includes('/rest/v1/rpc/save_restaurant_information'));
    try {
      await paste(user, screen.getByLabelText('Nom du restaurant'), 'Chez Paul');
      await held.requested;
      // Typed while the first save waits for its answer.
      await paste(user, screen.getByLabelText('Nom du restaurant'), ' et Marie');
      await waitFor(() => expect(indicator).toHaveTextContent('Enregistrement…'));
      held.release();
      await waitFor(async () => expect((await informationApi.load(id)).value.name).toBe('Chez Paul et Marie'), { timeout: 5000 });
      await waitFor(() => expect(indicator).toHaveTextContent('✓ Enregistré'));
      expect(screen.getByLabelText('Nom du restaurant')).toHaveValue('Chez Paul et Marie');
      // The section's data in the cache (what the edit tab shows next) is the newer value too.
      expect(queryClient.getQueryData<SectionLoad<InformationValue>>(sectionQueryKey(informationApi, id))?.value.name).toBe('Chez Paul et Marie');
    } finally {
      restoreFetch();
    }
  });

  it('information: an invalid e-mail or a cleared name shows its error, is not stored nor reported saved, and keeps Suivant on the step', async () => {
    const { id, user } = await openStep('information');
    const indicator = await screen.findByTestId('save-indicator');
    await paste(user, screen.getByLabelText('Nom du restaurant'), 'Chez Paul');
    await waitFor(async () => expect((await informationApi.load(id)).value.name).toBe('Chez Paul'), { timeout: 5000 });
    await waitFor(() => expect(indicator).toHaveTextContent('✓ Enregistré'));

    await paste(user, screen.getByLabelText('Email de contact'), 'pas-un-email');
    expect(await screen.findByText('Veuillez saisir une adresse email valide', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(indicator).toHaveTextContent('Enregistré, sauf les champs signalés en rouge : corrigez-les.'));
    expect((await informationApi.load(id)).value.contact.email).toBe('');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByRole('heading', { name: 'Étape 1/6 · Informations' })).toBeInTheDocument();

    // Corrected: stored, and said so; then the name cleared (touched, required): refused again.
    await user.clear(screen.getByLabelText('Email de contact'));
    await paste(user, screen.getByLabelText('Email de contact'), 'contact@chezpaul.fr');
    await waitFor(async () => expect((await informationApi.load(id)).value.contact.email).toBe('contact@chezpaul.fr'), { timeout: 5000 });
    await waitFor(() => expect(indicator).toHaveTextContent('✓ Enregistré'));
    await user.clear(screen.getByLabelText('Nom du restaurant'));
    expect(await screen.findByText('Veuillez saisir le nom du restaurant', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(indicator).toHaveAttribute('data-status', 'invalid'));
    expect((await informationApi.load(id)).value.name).toBe('Chez Paul');
  });

  it('menus: adding needs a name and a price above 0', async () => {
    const { user } = await openStep('menus');
    await paste(user, await screen.findByLabelText('Nom du menu'), 'Menu du marché');
    const add = screen.getByRole('button', { name: 'Ajouter le menu' });
    expect(add).toBeDisabled();
    expect(screen.getByText('Indiquez un nom et un prix supérieur à 0 pour ajouter le menu.')).toBeInTheDocument();
    await paste(user, screen.getByLabelText('Prix par personne (€ TTC)'), '29');
    expect(add).toBeEnabled();
  });

  it('billing: unchecking the deposit clears the method, and that is what is stored', async () => {
    const { id, user } = await openStep('billing');
    await user.click(await screen.findByLabelText('Exiger un acompte ou une empreinte bancaire'));
    await user.click(screen.getByLabelText('Empreinte bancaire'));
    await waitFor(async () => expect((await billingApi.load(id)).value.paymentConditions.depositMethod).toBe('empreinte'), { timeout: 5000 });
    await user.click(screen.getByLabelText('Exiger un acompte ou une empreinte bancaire'));
    expect(screen.getByLabelText('Empreinte bancaire')).not.toBeChecked();
    await waitFor(
      async () => {
        const stored = (await billingApi.load(id)).value.paymentConditions;
        expect(stored.requiresDeposit).toBe(false);
        expect(stored.depositMethod).toBeUndefined();
      },
      { timeout: 5000 },
    );
  });
});
