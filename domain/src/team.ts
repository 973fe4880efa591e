/**
 * The team of a restaurant: roles and their French labels, the signed-in user's role in a
 * restaurant, the 'Équipe' tab's data. The roles are those of public.restaurant_members' check
 * (domain/test/integration/team-roles.test.ts checks that they agree).
 */
import { ofName } from './french';
import { getSupabase } from './supabase';
import { isMemberRole, type MemberRole } from './team-roles';

export * from './team-roles';

/** What only an owner may open or do: the pages (tabs) a manager does not see. */
export const OWNER_ONLY_PAGES = ['billing', 'team'] as const;

/** The refusal a manager reads on an owner's page opened by its address. */
export const OWNER_ONLY_MESSAGE = 'Cette page est réservée aux propriétaires du restaurant.';

/** The signed-in user's role in the restaurant, or null when they are not (or no longer) a member. */
export async function getMyRole(restaurantId: string): Promise<MemberRole | null> {
  const supabase = getSupabase();
  const { data: session } = await supabase.auth.getSession();
  const userId = session.session?.user.id;
  if (!userId) return null;
  const { data, error } = await supabase.from('restaurant_members').select('role').eq('restaurant_id', restaurantId).eq('user_id', userId).maybeSingle();
  if (error && error.code === '22P02') return null;
  if (error) throw error;
  return data && isMemberRole(data.role) ? data.role : null;
}

/**
 * The query of that role, for useQuery in every module (one key, one cache: the sidebar, the tabs and
 * the dashboard read the same entry). A plain object: the domain package does not depend on TanStack Query.
 */
export const myRoleQuery = (restaurantId: string) => ({
  queryKey: ['restaurants', restaurantId, 'my-role'] as const,
  queryFn: () => getMyRole(restaurantId),
  staleTime: 60_000,
});

/** The French of the database's refusals about the team, where its own message is not for a reader. */
export function teamErrorMessage(error: { code?: string; message?: string } | null | undefined): string {
  if (!error) return 'Une erreur est survenue';
  // restaurant_members_keep_one_owner: already French, said as the tab says it.
  if (error.code === '23514' && /propriétaire/.test(error.message ?? '')) return 'Le restaurant doit garder au moins un propriétaire : nommez d’abord un autre propriétaire.';
  return error.message || 'Une erreur est survenue';
}

/**
 * What the dashboard says when it is shown because the user lost a restaurant (removed from its team),
 * naming it when its name is known. « de » is written as is before the name (no du/de la/de l’ yet).
 */
export const accessLostMessage = (restaurantName?: string): string =>
  `Vous ne faites plus partie de l’équipe ${restaurantName?.trim() ? ofName(restaurantName) : 'de ce restaurant'}. Il a été retiré de votre tableau de bord.`;

/** What /dashboard is given in its navigation state to say it: the restaurant's name, when known. */
export interface AccessLostState {
  accessLost: true;
  restaurantName?: string;
}
