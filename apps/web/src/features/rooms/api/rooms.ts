/**
 * Room calls. Zod-free on purpose (the public rooms page imports this file): paths from
 * '@kiraya/contract/paths', types only from '@kiraya/contract/endpoints'.
 */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const fetchRooms = (propertyId: string, signal?: AbortSignal) =>
  api<ResponseData<'rooms'>>(pathTo('rooms', { propertyId }), { signal });
export const roomsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: queryKeys.rooms.list(propertyId),
    queryFn: ({ signal }) => fetchRooms(propertyId, signal),
    enabled: Boolean(propertyId),
  });
export const useRooms = (propertyId: string) => useQuery(roomsQuery(propertyId));

/**
 * The rooms pages' heading: the property under the same query key as the property page (features do not
 * import each other; the shared key makes both read one cache entry, so property changes refresh it too).
 */
export const useRoomsProperty = (id: string) =>
  useQuery({
    queryKey: queryKeys.properties.one(id),
    queryFn: ({ signal }) => api<ResponseData<'property'>>(pathTo('property', { id }), { signal }),
    enabled: Boolean(id),
    // A listing the server rendered as not available (its 404 in the rendered cache) stays so while the page
    // hydrates: fetching again on mount would flash the loading state over the server's message.
    retryOnMount: false,
  });
