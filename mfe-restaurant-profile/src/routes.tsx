/**
 * Exposed as 'mfe_restaurant_profile/routes'. Mounted by the shell under /restaurants/:restaurantId,
 * so every path here is relative and the restaurant id comes from the parent route.
 */
import { RestaurantRedirect } from '@tablee/domain';
import { Route, Routes } from 'react-router';
import { AssistantPage } from './features/assistant/components/AssistantPage';
import { BillingPage } from './features/billing/components/BillingPage';
import { CgvPage } from './features/cgv/components/CgvPage';
import { FaqPage } from './features/faq/components/FaqPage';
import { HoursPage } from './features/hours/components/HoursPage';
import { InformationPage } from './features/information/components/InformationPage';
import { MenusPage } from './features/menus/components/MenusPage';
import { OptionsPage } from './features/options/components/OptionsPage';
import { PhotosPage } from './features/photos/components/PhotosPage';
import { TeamPage } from './features/team/components/TeamPage';
import { OwnerOnly } from './components/OwnerOnly';

export default function RestaurantProfileRoutes() {
  return (
    <Routes>
      <Route path="information" element={<InformationPage />} />
      <Route path="photos" element={<PhotosPage />} />
      <Route path="hours" element={<HoursPage />} />
      <Route path="menus" element={<MenusPage />} />
      <Route path="options" element={<OptionsPage />} />
      <Route path="cgv" element={<CgvPage />} />
      <Route path="faq" element={<FaqPage />} />
      {/* Owners only: a manager opening them by their address reads a refusal. */}
      <Route
        path="billing"
        element={
          <OwnerOnly>
            <BillingPage />
          </OwnerOnly>
        }
      />
      <Route
        path="team"
        element={
          <OwnerOnly>
            <TeamPage />
          </OwnerOnly>
        }
      />
      <Route path="assistant" element={<AssistantPage />} />
      {/* Any other address under the restaurant (its root too, standalone): its default page. */}
      <Route path="*" element={<RestaurantRedirect />} />
    </Routes>
  );
}
