/**
 * Room calls. Zod-free on purpose (the public rooms page imports this file): types only from '@kiraya/contract'.
 */
import type { Property, Room } from '@kiraya/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const roomKeys = {
  all: ['rooms'] as const,
  list: (propertyId: string) => ['rooms', propertyId] as const,
  /** Shares the properties feature's key, so property changes refresh the rooms pages' headings too. */
  property: (propertyId: string) => ['properties', 'one', propertyId] as const,
  tenantSearch: (q: string) => ['users', 'search', q] as const,
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
