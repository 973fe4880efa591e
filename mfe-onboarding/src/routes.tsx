/** Exposed as 'mfe_onboarding/routes'. Mounted by the shell under /onboarding. */
import { Navigate, Route, Routes } from 'react-router';
import { IntroPage } from './features/intro/components/IntroPage';
import { WizardPage } from './features/wizard/components/WizardPage';
import { ONBOARDING_SECTION_STEPS } from './features/wizard/onboardingSteps';

export default function OnboardingRoutes() {
  return (
    <Routes>
      <Route path="intro" element={<IntroPage />} />
      <Route path=":restaurantId" element={<WizardPage steps={ONBOARDING_SECTION_STEPS} />} />
      {/* Absolute: a relative target would resolve under the unknown address and match this route again. */}
      <Route path="*" element={<Navigate to="/onboarding/intro" replace />} />
    </Routes>
  );
}
