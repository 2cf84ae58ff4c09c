/**
 * Room calls. Zod-free on purpose (the public rooms page imports this file): paths from
 * '@kiraya/contract/paths', types only from '@kiraya/contract/endpoints'.
 */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { propertyQuery } from '../../properties/api/properties';

export const fetchRooms = (propertyId: string, signal?: AbortSignal) =>
  api<ResponseData<'rooms'>>(pathTo('rooms', { propertyId }), { signal });
export const roomsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: queryKeys.rooms.list(propertyId),
    queryFn: ({ signal }) => fetchRooms(propertyId, signal),
    enabled: Boolean(propertyId),
  });
export const useRooms = (propertyId: string) => useQuery(roomsQuery(propertyId));

/** The rooms pages' heading: the same query as the property page, so property changes refresh it too. */
export const useRoomsProperty = (id: string) => useQuery(propertyQuery(id));
