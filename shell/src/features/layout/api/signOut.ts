import { signOut } from '@tablee/shared/supabase';
import { useMutation } from '@tanstack/react-query';

/** Ends the session ('Se déconnecter'); the page then goes to /signin. */
export const useSignOut = () => useMutation({ mutationFn: () => signOut() });
