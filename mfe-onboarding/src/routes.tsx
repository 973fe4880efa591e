/** Exposed as 'mfe_onboarding/routes'. Mounted by the shell under /onboarding. */
import { Navigate, Route, Routes } from 'react-router';
import { IntroPage } from './features/intro/components/IntroPage';
import { WizardPage } from './features/wizard/components/WizardPage';

export default function OnboardingRoutes() {
  return (
    <Routes>
      <Route path="intro" element={<IntroPage />} />
      <Route path=":restaurantId" element={<WizardPage />} />
      <Route path="*" element={<Navigate to="intro" replace />} />
    </Routes>
  );
}
