import { getSupabase, memberRole, type MemberRole } from '@tablee/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type InvitationState = 'pending' | 'used' | 'cancelled' | 'expired';

export interface InvitationDetails {
  restaurantName: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
  state: InvitationState;
}

/** What the link's token names (public.invitation_details, open before sign-in), or null for an unknown link. */
export async function getInvitation(token: string): Promise<InvitationDetails | null> {
  const { data, error } = await getSupabase().rpc('invitation_details', { p_token: token });
  if (error) throw error;
  const d = data as { restaurant_name: string; email: string; role: string; expires_at: string; state: InvitationState } | null;
  if (!d) return null;
  return { restaurantName: d.restaurant_name, email: d.email, role: memberRole(d.role), expiresAt: d.expires_at, state: d.state };
}

/** Not kept: accepting it changes what it says. */
export const invitationQueryOptions = (token: string) => queryOptions({ queryKey: ['invitation', token], queryFn: () => getInvitation(token), staleTime: 0, gcTime: 0 });

export const useInvitation = (token: string) => useQuery(invitationQueryOptions(token));

/** Joins the team (public.accept_invitation): the restaurant's id, or the French refusal. */
export async function acceptInvitation(token: string): Promise<string> {
  const { data, error } = await getSupabase().rpc('accept_invitation', { p_token: token });
  if (error) throw new Error(error.message);
  return data as string;
}
