/** Owner-only room calls (changes, tenant search, invites): kept apart so the public rooms page stays small. */
import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { IDEMPOTENCY_HEADER } from '@kiraya/contract/constants';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

const UPLOAD_TIMEOUT_MS = 60_000;

/** Sent with the form's submission key: a second click (or a retry) answers the first one's result. */
export const addRoom = ({ form, key }: { form: FormData; key: string }) =>
  api<ResponseData<'addRoom'>>(pathTo('addRoom'), {
    method: PATHS.addRoom.method,
    body: form,
    headers: { [IDEMPOTENCY_HEADER]: key },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
export const updateRoom = (id: string, form: FormData) =>
  api<ResponseData<'updateRoom'>>(pathTo('updateRoom', { id }), {
    method: PATHS.updateRoom.method,
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
export const deleteRoom = (roomId: string) =>
  api<ResponseData<'deleteRoom'>>(pathTo('deleteRoom'), { method: PATHS.deleteRoom.method, body: { roomId } });

/** Room changes refresh the room list and the property (its counts and availability are derived, B13). */
function useInvalidateRooms(propertyId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.rooms.list(propertyId) }),
      qc.invalidateQueries({ queryKey: queryKeys.properties.all }),
    ]);
}
export function useAddRoom(propertyId: string) {
  const invalidate = useInvalidateRooms(propertyId);
  return useMutation({ mutationFn: addRoom, onSuccess: invalidate });
}
export function useUpdateRoom(propertyId: string) {
  const invalidate = useInvalidateRooms(propertyId);
  return useMutation({ mutationFn: (v: { id: string; form: FormData }) => updateRoom(v.id, v.form), onSuccess: invalidate });
}
export function useDeleteRoom(propertyId: string) {
  const invalidate = useInvalidateRooms(propertyId);
  return useMutation({ mutationFn: deleteRoom, onSuccess: invalidate });
}

/** Owner-only tenant search for the Assign Tenant modal; an empty query asks nothing. */
export const searchTenants = (query: string, signal?: AbortSignal) =>
  api<ResponseData<'searchTenants'>>(pathTo('searchTenants'), { query: { query }, signal });
export const useTenantSearch = (query: string) =>
  useQuery({
    queryKey: queryKeys.users.tenantSearch(query),
    queryFn: ({ signal }) => searchTenants(query, signal),
    enabled: query.trim().length > 0,
    staleTime: 10_000,
  });

/**
 * Invitations (ADR 013): send one, list a room's requests with their status, withdraw a pending one.
 * A change refreshes the room's requests and the room list (status and tenant).
 */
export const sendRequest = (body: RequestBody<'sendRequest'>) =>
  api<ResponseData<'sendRequest'>>(pathTo('sendRequest'), { method: PATHS.sendRequest.method, body });
export const useRoomRequests = (roomId: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.tenancy.roomRequests(roomId),
    queryFn: ({ signal }) => api<ResponseData<'roomRequests'>>(pathTo('roomRequests', { id: roomId }), { signal }),
    enabled,
    staleTime: 0,
  });
function useInvalidateRequests(roomId: string) {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: queryKeys.tenancy.roomRequests(roomId) });
}
export function useSendRequest(roomId: string) {
  const invalidate = useInvalidateRequests(roomId);
  return useMutation({
    mutationFn: ({ tenantId, terms }: { tenantId: string; terms?: RequestBody<'sendRequest'>['terms'] }) =>
      sendRequest({ roomId, tenantId, ...(terms ? { terms } : {}) }),
    onSuccess: invalidate,
  });
}
export function useWithdrawRequest(roomId: string) {
  const invalidate = useInvalidateRequests(roomId);
  return useMutation({
    mutationFn: (id: string) =>
      api<ResponseData<'withdrawRequest'>>(pathTo('withdrawRequest', { id }), { method: PATHS.withdrawRequest.method }),
    onSuccess: invalidate,
  });
}

/**
 * Invitations by email (issue 25 item 7): invite an address with no account, list the room's pending ones,
 * cancel one. Inviting refreshes both lists (a tenant's address gets the ordinary request).
 */
export const useRoomEmailInvites = (roomId: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.tenancy.roomEmailInvites(roomId),
    queryFn: ({ signal }) => api<ResponseData<'roomEmailInvites'>>(pathTo('roomEmailInvites', { roomId }), { signal }),
    enabled,
    staleTime: 0,
  });
export function useInviteByEmail(roomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ email, terms }: { email: string; terms?: RequestBody<'inviteByEmail'>['terms'] }) =>
      api<ResponseData<'inviteByEmail'>>(pathTo('inviteByEmail'), {
        method: PATHS.inviteByEmail.method,
        body: { roomId, email, ...(terms ? { terms } : {}) },
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.tenancy.roomEmailInvites(roomId) }),
        qc.invalidateQueries({ queryKey: queryKeys.tenancy.roomRequests(roomId) }),
      ]),
  });
}
export function useCancelEmailInvite(roomId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      api<ResponseData<'cancelEmailInvite'>>(pathTo('cancelEmailInvite', { roomId }), {
        method: PATHS.cancelEmailInvite.method,
        body: { inviteId },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.tenancy.roomEmailInvites(roomId) }),
  });
}

/** Vacate (B13): the tenancy ends on the move-out date, the room is vacant again. */
export function useVacateRoom(room: { _id: string; propertyId: string }) {
  const invalidateRooms = useInvalidateRooms(room.propertyId);
  const invalidateRequests = useInvalidateRequests(room._id);
  return useMutation({
    mutationFn: (body: RequestBody<'vacateRoom'>) =>
      api<ResponseData<'vacateRoom'>>(pathTo('vacateRoom', { id: room._id }), { method: PATHS.vacateRoom.method, body }),
    onSuccess: () => {
      invalidateRequests();
      return invalidateRooms();
    },
  });
}

/** The room's lease (issue 22) as Vacate needs it: its notice period sets the default move-out date (ADR 041). */
export const useRoomLease = (roomId: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.leases.room(roomId),
    queryFn: ({ signal }) => api<ResponseData<'lease'>>(pathTo('lease', { roomId }), { signal }),
    enabled,
  });
