/** Standalone: the same providers as the shell, a sign-in, and this module's routes under their prefix. */
import { renderStandalone } from '@tablee/tooling/standalone';
import OnboardingRoutes from './routes';

void renderStandalone({
  title: 'mfe-onboarding',
  mountPath: '/onboarding',
  routes: OnboardingRoutes,
  requiresAuth: true,
  links: [{ to: '/onboarding/intro', label: 'Ajouter un restaurant' }],
});
