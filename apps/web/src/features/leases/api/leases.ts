/** Leases (issue 22, ADR 028): a room's lease, the owner's edit of future terms and the automatic-rent switch. */
import type { EditLeaseTermsBody, ProposeRenewalBody } from '@kiraya/contract/leases';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type Lease = ResponseData<'lease'>;

/** GET /leases/room/:roomId; null when the room has no current tenancy (404). */
export const fetchLease = async (roomId: string, signal?: AbortSignal): Promise<Lease | null> => {
  try {
    return await api<Lease>(pathTo('lease', { roomId }), { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
};

export const leaseQuery = (roomId: string) =>
  queryOptions({ queryKey: queryKeys.leases.room(roomId), queryFn: ({ signal }) => fetchLease(roomId, signal) });

export const useLease = (roomId: string) => useQuery(leaseQuery(roomId));

/** A lease change shows on both sides: the lease, the tenant's rooms (their terms) and what is owed. */
function useAfterLeaseChange() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.leases.all });
    void qc.invalidateQueries({ queryKey: queryKeys.tenancy.all });
  };
}

export const editLeaseTerms = (roomId: string, body: EditLeaseTermsBody) =>
  api<Lease>(pathTo('editLeaseTerms', { roomId }), { method: PATHS.editLeaseTerms.method, body });

/** PUT /leases/terms/:roomId: the new terms apply from the next rent period not yet raised. */
export function useEditLeaseTerms(roomId: string) {
  const after = useAfterLeaseChange();
  return useMutation({ mutationFn: (body: EditLeaseTermsBody) => editLeaseTerms(roomId, body), onSuccess: after });
}

export const setAutoRent = (roomId: string, enabled: boolean) =>
  api<Lease>(pathTo('setAutoRent', { roomId }), { method: PATHS.setAutoRent.method, body: { enabled } });

/** PUT /leases/auto-rent/:roomId */
export function useSetAutoRent(roomId: string) {
  const after = useAfterLeaseChange();
  return useMutation({ mutationFn: (enabled: boolean) => setAutoRent(roomId, enabled), onSuccess: after });
}

// Lease end and renewal (issue 22 item 5): every answer is the lease, with its latest renewal.

export const proposeRenewal = (roomId: string, body: ProposeRenewalBody) =>
  api<Lease>(pathTo('proposeRenewal', { roomId }), { method: PATHS.proposeRenewal.method, body });

/** POST /leases/renewal/:roomId: the owner proposes the next term; the tenant is told. */
export function useProposeRenewal(roomId: string) {
  const after = useAfterLeaseChange();
  return useMutation({ mutationFn: (body: ProposeRenewalBody) => proposeRenewal(roomId, body), onSuccess: after });
}

type RenewalAction = 'withdrawRenewal' | 'acceptRenewal' | 'declineRenewal' | 'letLeaseEnd';

export const renewalAction = (action: RenewalAction, roomId: string) =>
  api<Lease>(pathTo(action, { roomId }), { method: PATHS[action].method });

/** Withdraw (owner), accept or decline (tenant) the open renewal, or let the lease end (owner). */
export function useRenewalAction(roomId: string, action: RenewalAction) {
  const after = useAfterLeaseChange();
  return useMutation({ mutationFn: () => renewalAction(action, roomId), onSuccess: after });
}
