/** The tenant's side of tenancy: incoming invitations (accept, reject) and the tenant's rooms (ADR 013). */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { useFreshUser } from '../../../lib/useFreshUser';

export type IncomingRequest = ResponseData<'currentUser'>['incomingRequests'][number];
export type TenantRoom = ResponseData<'tenantRooms'>[number];

/** The signed-in tenant's invitations: get-current-user's incomingRequests (spec 3, 7), asked afresh. */
export const useIncomingRequests = useFreshUser;

/** After a decision the tenant's rooms and the current user (its incomingRequests) are asked again. */
function useAfterDecision() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.tenancy.all });
    void qc.invalidateQueries({ queryKey: queryKeys.users.me });
  };
}

export function useAcceptRequest() {
  const after = useAfterDecision();
  return useMutation({
    mutationFn: (id: string) => api<ResponseData<'acceptRequest'>>(pathTo('acceptRequest', { id }), { method: PATHS.acceptRequest.method }),
    onSuccess: after,
  });
}
export function useRejectRequest() {
  const after = useAfterDecision();
  return useMutation({
    mutationFn: (id: string) => api<ResponseData<'rejectRequest'>>(pathTo('rejectRequest', { id }), { method: PATHS.rejectRequest.method }),
    onSuccess: after,
  });
}

/** The tenant's current rooms (GET /tenant/room-details) and past tenancies (GET /tenant/past-rooms). */
export const myRoomsQuery = queryOptions({
  queryKey: queryKeys.tenancy.myRooms,
  queryFn: async ({ signal }) => {
    const [current, past] = await Promise.all([
      api<ResponseData<'tenantRooms'>>(pathTo('tenantRooms'), { signal }),
      api<ResponseData<'tenantPastRooms'>>(pathTo('tenantPastRooms'), { signal }),
    ]);
    return { current, past };
  },
});
export function useMyRooms() {
  return useQuery(myRoomsQuery);
}
