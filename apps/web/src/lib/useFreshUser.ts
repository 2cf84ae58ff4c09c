import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api';
import { queryKeys } from './queryKeys';
import { useSession } from './session';

/**
 * The signed-in user asked afresh on every visit of a page that shows their requests (the tenant home's
 * badge, Requests): the saved user follows the server's answer, never bringing back a user who logged out.
 */
export function useFreshUser() {
  const { user, setUser } = useSession();
  const me = useQuery({
    queryKey: queryKeys.users.me,
    queryFn: ({ signal }) => api<ResponseData<'currentUser'>>(pathTo('currentUser'), { signal }),
    staleTime: 0,
    retry: false,
  });
  const signedInId = user?._id;
  useEffect(() => {
    if (me.data && me.data._id === signedInId) setUser(me.data);
  }, [me.data, signedInId, setUser]);
  return me;
}
