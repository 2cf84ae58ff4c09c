/** Owner-only room calls (changes, tenant search, invites): kept apart so the public rooms page stays small. */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

const UPLOAD_TIMEOUT_MS = 60_000;

export const addRoom = (form: FormData) =>
  api<ResponseData<'addRoom'>>(pathTo('addRoom'), { method: PATHS.addRoom.method, body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
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

/** Tenancy requests are not served yet (the requests issue adds the endpoint to the contract). */
export const sendRequest = (roomId: string, tenantId: string) =>
  api<unknown>('/requests/send', { method: 'POST', body: { roomId, tenantId } });
export const useSendRequest = () =>
  useMutation({ mutationFn: (v: { roomId: string; tenantId: string }) => sendRequest(v.roomId, v.tenantId) });
