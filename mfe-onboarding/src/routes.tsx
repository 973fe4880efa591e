/** Exposed as 'mfe_onboarding/routes'. Mounted by the shell under /onboarding. */
import { NotYetAvailable } from '@tablee/shared';
import { Navigate, Route, Routes } from 'react-router';
import { IntroPage } from './features/intro/components/IntroPage';
import { WizardPage } from './features/wizard/components/WizardPage';
import { ONBOARDING_SECTION_STEPS } from './features/wizard/onboardingSteps';

export default function OnboardingRoutes() {
  return (
    <Routes>
      <Route path="intro" element={<IntroPage />} />
      <Route path=":restaurantId" element={ONBOARDING_SECTION_STEPS.length ? <WizardPage steps={ONBOARDING_SECTION_STEPS} /> : <NotYetAvailable />} />
      <Route path="*" element={<Navigate to="intro" replace />} />
    </Routes>
  );
}
