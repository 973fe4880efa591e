import { Navigate, useParams } from 'react-router';
import { restaurantPath, type RestaurantPage } from './navigation';

/**
 * Replaces the address with a page of the route's restaurant (`:restaurantId`), by an absolute path:
 * in a catch-all route a relative target resolves under the unknown address itself, which matches
 * the catch-all again and appends forever.
 */
export function RestaurantRedirect({ page }: { page?: RestaurantPage }) {
  const { restaurantId = '' } = useParams();
  return <Navigate to={restaurantPath(restaurantId, page)} replace />;
}
