/**
 * The planning's exceptional closures: read with their own query (public.reservation_planning says
 * nothing of them), closed and reopened from a cell. Under the closures' key of @tablee/domain, which
 * Horaires' 'Fermetures exceptionnelles' reads too.
 */
import { closeServices, closureKeys, fetchClosures, isUuid, reopenClosures, type ClosureService } from '@tablee/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const planningClosuresQueryOptions = (restaurantId: string, from: string, to: string) =>
  queryOptions({
    queryKey: closureKeys.range(restaurantId, from, to),
    queryFn: () => fetchClosures(restaurantId, from, to),
    enabled: isUuid(restaurantId),
  });

export function useClosureMutations(restaurantId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: closureKeys.all(restaurantId) });
  const close = useMutation({
    mutationFn: ({ day, service, reason }: { day: string; service: ClosureService; reason: string | null }) => closeServices(restaurantId, day, [service], reason),
    onSuccess: refresh,
  });
  const reopen = useMutation({ mutationFn: (closureId: string) => reopenClosures([closureId]), onSuccess: refresh });
  return { close, reopen };
}
