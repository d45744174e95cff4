// The session, read by the layout, the routes and the account screens.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionSchema, type PublicUser } from '../../common/api/users';
import { apiRequest } from './api-client';

export type SessionUser = PublicUser;

export const sessionQueryOptions = queryOptions({
  queryKey: ['session'],
  queryFn: () => apiRequest('/api/session', sessionSchema),
  staleTime: 60_000,
});

/** The signed-in user, or null for a guest (a guest has no e-mail). */
export function useSession() {
  const query = useQuery(sessionQueryOptions);
  const user = query.data?.user ?? null;
  return {
    user,
    isLoading: query.isLoading,
    hasEmail: !!user?.email_address,
    emailVerified: query.data?.emailVerified ?? false,
    isModerator: query.data?.isModerator === true,
  };
}
