/**
 * The guard of the protected area (spec §2): 'Vérification de la session...' while the stored session
 * is read, then either the page or /signin with the origin remembered in the navigation state.
 */
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { authLoadingAtom, sessionAtom, userAtom } from '@tablee/shared/supabase';
import { PageLoading } from './PageStates';

export interface SignInRedirectState {
  from?: string;
}

export function RequireSession({ children, signInPath = '/signin' }: { children: ReactNode; signInPath?: string }) {
  const loading = useAtomValue(authLoadingAtom);
  const session = useAtomValue(sessionAtom);
  const user = useAtomValue(userAtom);
  const location = useLocation();
  if (loading) return <PageLoading label="Vérification de la session..." />;
  if (!session || !user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={signInPath} replace state={{ from } satisfies SignInRedirectState} />;
  }
  return <>{children}</>;
}
