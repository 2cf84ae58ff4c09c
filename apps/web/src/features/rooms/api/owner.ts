/** Owner-only room calls (changes, tenant search, invites): kept apart so the public rooms page stays small. */
import type { Room, UserSearchResult } from '@kiraya/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { roomKeys } from './rooms';

export const addRoom = (form: FormData) => api<Room>('/rooms/new-room', { method: 'POST', body: form, timeoutMs: 60_000 });
export const updateRoom = (id: string, form: FormData) =>
  api<Room>(`/rooms/update-room/${encodeURIComponent(id)}`, { method: 'PUT', body: form, timeoutMs: 60_000 });
export const deleteRoom = (roomId: string) => api<unknown>('/rooms/delete-room', { method: 'POST', body: { roomId } });

/** Room changes refresh the room list and the property (its counts and availability are derived, B13). */
function useInvalidateRooms(propertyId: string) {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: roomKeys.list(propertyId) }), qc.invalidateQueries({ queryKey: ['properties'] })]);
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
  api<UserSearchResult[]>('/users/search', { query: { query }, signal });
export const useTenantSearch = (query: string) =>
  useQuery({
    queryKey: roomKeys.tenantSearch(query),
    queryFn: ({ signal }) => searchTenants(query, signal),
    enabled: query.trim().length > 0,
    staleTime: 10_000,
  });

export const sendRequest = (roomId: string, tenantId: string) =>
  api<unknown>('/requests/send', { method: 'POST', body: { roomId, tenantId } });
export const useSendRequest = () =>
  useMutation({ mutationFn: (v: { roomId: string; tenantId: string }) => sendRequest(v.roomId, v.tenantId) });
