import { myRoleQuery, type AccessLostState } from '@tablee/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A member removed from the team: the database refuses them at once (RLS, 403), whatever
 * their access token. Any refusal of a request about this restaurant has its membership asked again;
 * when it is gone, what was cached of the restaurant is dropped, the dashboard's list read again, and
 * the user taken to it with a French message.
 */
export function useMembership(restaurantId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const role = useQuery(myRoleQuery(restaurantId));
  // The restaurant's name while it was readable (the sidebar's summary): once the user is out of the team the
  // summary may be asked again and come back empty before the loss is seen, and the message would lose the name.
  const knownName = useRef<string | undefined>(undefined);

  useEffect(() => {
    const summaryKey = ['restaurants', restaurantId, 'summary'] as const;
    const remember = (data: unknown) => {
      const name = (data as { name?: unknown } | null | undefined)?.name;
      if (typeof name === 'string' && name.trim()) knownName.current = name;
    };
    remember(queryClient.getQueryData(summaryKey));
    const key = myRoleQuery(restaurantId).queryKey;
    const recheck = (queryKey: readonly unknown[] | undefined) => {
      // The role's own answer is not a reason to ask it again.
      if (queryKey && queryKey[2] === key[2] && queryKey[1] === restaurantId) return;
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'success' && summaryKey.every((part, i) => event.query.queryKey[i] === part)) remember(event.action.data);
      if (event.action.type === 'error') recheck(event.query.queryKey);
      // Nothing found where something was (a reservation, a conversation of this restaurant): RLS may
      // have hidden it because the user left the team; the role tells.
      const key = event.query.queryKey;
      if (event.action.type === 'success' && event.action.data === null && key[0] === 'restaurants' && key[1] === restaurantId) recheck(key);
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(undefined);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, restaurantId]);

  // Lost: a member a moment ago, no longer. A restaurant never theirs is the layout's (not found: /dashboard).
  const [member, setMember] = useState(false);
  if (role.data && !member) setMember(true);
  const lost = member && role.isSuccess && role.data === null;
  useEffect(() => {
    if (!lost) return;
    // Its name, from the sidebar's answer still cached, or as it was last read, before the restaurant's cache is dropped.
    const name = queryClient.getQueryData<{ name: string } | null>(['restaurants', restaurantId, 'summary'])?.name ?? knownName.current;
    queryClient.removeQueries({ queryKey: ['restaurants', restaurantId] });
    void queryClient.invalidateQueries({ queryKey: ['restaurants', 'list'] });
    navigate('/dashboard', { replace: true, state: { accessLost: true, restaurantName: name } satisfies AccessLostState });
  }, [lost, queryClient, restaurantId, navigate]);
  return role;
}
