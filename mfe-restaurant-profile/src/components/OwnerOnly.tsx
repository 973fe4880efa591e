import { PageError, PageLoading } from '@tablee/shared';
import { myRoleQuery, OWNER_ONLY_MESSAGE } from '@tablee/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';

/**
 * A page for the restaurant's owners only (Facturation, Équipe): a manager who opens it by its address
 * reads a French refusal; the database refuses them its data anyway (RLS, the team functions).
 */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const { restaurantId = '' } = useParams();
  const role = useQuery(myRoleQuery(restaurantId));
  if (role.isPending) return <PageLoading />;
  if (role.isError) return <PageError message="Erreur de chargement" onRetry={() => void role.refetch()} />;
  if (role.data !== 'owner') return <PageError title="Accès réservé" message={OWNER_ONLY_MESSAGE} />;
  return <>{children}</>;
}

/** Shown to owners only, nothing to the others (the assistant's keys). */
export function ForOwners({ restaurantId, children }: { restaurantId: string; children: ReactNode }) {
  const role = useQuery(myRoleQuery(restaurantId));
  return role.data === 'owner' ? <>{children}</> : null;
}
