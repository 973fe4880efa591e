/**
 * The 'Équipe' tab's data: the team and the pending invitations (public.restaurant_team, owners only,
 * with the addresses of auth.users), and its four writes, one SQL function each (one transaction).
 */
import { getSupabase, memberRole, teamErrorMessage, type MemberRole } from '@tablee/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export interface TeamMember {
  userId: string;
  email: string;
  role: MemberRole;
  addedBy: string | null;
  createdAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: MemberRole;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface Team {
  members: TeamMember[];
  invitations: TeamInvitation[];
}

export const teamQueryKey = (restaurantId: string) => ['restaurants', restaurantId, 'team'] as const;

type Row = Record<string, unknown>;

export async function getTeam(restaurantId: string): Promise<Team> {
  const { data, error } = await getSupabase().rpc('restaurant_team', { p_restaurant_id: restaurantId });
  if (error) throw new Error(teamErrorMessage(error));
  const answer = (data ?? {}) as { members?: Row[]; invitations?: Row[] };
  return {
    members: (answer.members ?? []).map((m) => ({
      userId: String(m.user_id),
      email: String(m.email ?? ''),
      role: memberRole(m.role),
      addedBy: (m.added_by as string | null) ?? null,
      createdAt: String(m.created_at),
    })),
    invitations: (answer.invitations ?? []).map((i) => ({
      id: String(i.id),
      email: String(i.email),
      role: memberRole(i.role),
      invitedBy: (i.invited_by as string | null) ?? null,
      createdAt: String(i.created_at),
      expiresAt: String(i.expires_at),
      expired: i.expired === true,
    })),
  };
}

export const teamQueryOptions = (restaurantId: string) => queryOptions({ queryKey: teamQueryKey(restaurantId), queryFn: () => getTeam(restaurantId) });

/** A write of the tab, with the French of the database's refusal; the team is read again after it. */
function useTeamWrite<T>(restaurantId: string, write: (variables: T) => PromiseLike<{ error: { code?: string; message?: string } | null }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: T) => {
      const { error } = await write(variables);
      if (error) throw new Error(teamErrorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamQueryKey(restaurantId) }),
  });
}

export const useInviteMember = (restaurantId: string) =>
  useTeamWrite(restaurantId, (v: { email: string; role: MemberRole }) => getSupabase().rpc('invite_member', { p_restaurant_id: restaurantId, p_email: v.email, p_role: v.role }));

export const useCancelInvitation = (restaurantId: string) => useTeamWrite(restaurantId, (invitationId: string) => getSupabase().rpc('cancel_invitation', { p_invitation_id: invitationId }));

export const useChangeRole = (restaurantId: string) =>
  useTeamWrite(restaurantId, (v: { userId: string; role: MemberRole }) => getSupabase().rpc('change_member_role', { p_restaurant_id: restaurantId, p_user_id: v.userId, p_role: v.role }));

export const useRemoveMember = (restaurantId: string) => useTeamWrite(restaurantId, (userId: string) => getSupabase().rpc('remove_member', { p_restaurant_id: restaurantId, p_user_id: userId }));
