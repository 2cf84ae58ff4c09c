/**
 * Room calls. Zod-free on purpose (the public rooms page imports this file): types only from '@kiraya/contract'.
 */
import type { Property, Room, UserSearchResult } from '@kiraya/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

export const roomKeys = {
  all: ['rooms'] as const,
  list: (propertyId: string) => ['rooms', propertyId] as const,
  /** Shares the properties feature's key, so property changes refresh the rooms pages' headings too. */
  property: (propertyId: string) => ['properties', 'one', propertyId] as const,
  tenantSearch: (q: string) => ['users', 'search', q] as const,
  invitesAvailable: ['requests', 'send', 'available'] as const,
};

export async function fetchRooms(propertyId: string, signal?: AbortSignal): Promise<Room[]> {
  const data = await api<Room[] | Record<string, Room>>(`/rooms/${encodeURIComponent(propertyId)}`, { signal });
  return Array.isArray(data) ? data : Object.values(data ?? {});
}
export const roomsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: roomKeys.list(propertyId),
    queryFn: ({ signal }) => fetchRooms(propertyId, signal),
    enabled: Boolean(propertyId),
  });
export const useRooms = (propertyId: string) => useQuery(roomsQuery(propertyId));

export const fetchRoomsProperty = (id: string, signal?: AbortSignal) => api<Property>(`/properties/${encodeURIComponent(id)}`, { signal });
export const useRoomsProperty = (id: string) =>
  useQuery({ queryKey: roomKeys.property(id), queryFn: ({ signal }) => fetchRoomsProperty(id, signal), enabled: Boolean(id) });

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

/**
 * Whether POST /requests/send exists yet (it arrives with a later issue): an empty body is refused
 * with a 4xx by a real route, and answered 404 while the route is missing.
 */
export async function invitesAvailable(): Promise<boolean> {
  try {
    await api('/requests/send', { method: 'POST', body: {} });
    return true;
  } catch (e) {
    return !(e instanceof ApiError && e.status === 404);
  }
}
export const useInvitesAvailable = (enabled: boolean) =>
  useQuery({ queryKey: roomKeys.invitesAvailable, queryFn: invitesAvailable, enabled, staleTime: Number.POSITIVE_INFINITY, retry: false });

export const sendRequest = (roomId: string, tenantId: string) =>
  api<unknown>('/requests/send', { method: 'POST', body: { roomId, tenantId } });
export const useSendRequest = () =>
  useMutation({ mutationFn: (v: { roomId: string; tenantId: string }) => sendRequest(v.roomId, v.tenantId) });
