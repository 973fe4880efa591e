import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillProfile } from '../../../local-supabase/test/fixtures';
import { ONBOARDING_SECTION_STEPS } from '../../src/features/wizard/onboardingSteps';
import { renderWizard } from '../render';
import { newRestaurant, signInNewOwner } from '../session';

/*
 * The CGV are required for a complete profile: the onboarding asks them in its last step (Facturation),
 * so that an owner reaches « Profil complet » from the wizard alone.
 */
describe('the CGV in the Facturation step', () => {
  it('chosen there, the profile is complete and Terminer finishes without a missing list', async () => {
    const { client } = await signInNewOwner();
    const id = await newRestaurant(client);
    // Every other section filled, the CGV not given.
    await fillProfile(client, id, 'Le Bistrot des Canuts');
    await client.from('restaurant_cgv').delete().eq('restaurant_id', id);
    const missing = async () => (await client.from('restaurant_completeness').select('missing').eq('restaurant_id', id).single()).data!.missing ?? [];
    expect((await missing()).map((m) => m.item)).toEqual(['cgv']);

    renderWizard(`/onboarding/${id}?etape=billing`, ONBOARDING_SECTION_STEPS);
    const user = userEvent.setup();
    // The two policies, cancellation first, under the step's own form.
    await screen.findByRole('heading', { name: 'Conditions Générales de Vente (CGV)' }, { timeout: 15_000 });
    await user.click((await screen.findAllByRole('radio', { name: '48h' }))[0]);
    await user.click(screen.getAllByRole('radio', { name: '24h' })[1]);
    await user.click(screen.getByRole('button', { name: 'Terminer' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/restaurants'), { timeout: 15_000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await missing()).toEqual([]);
    const cgv = (await client.from('restaurant_cgv').select('cancellation_policy, modification_policy').eq('restaurant_id', id).single()).data;
    expect(cgv).toEqual({ cancellation_policy: '48h', modification_policy: '24h' });
  });
});
