import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { prefetchRestaurantScreen } from '../api/prefetchRestaurantScreen';

/**
 * The requests of the screen at the address, started during the layout's render (before the remote
 * area and the sidebar mount and wait for paint to subscribe): see prefetchRestaurantScreen.
 */
export function usePrefetchScreen(): void {
  prefetchRestaurantScreen(useQueryClient(), useLocation());
}
