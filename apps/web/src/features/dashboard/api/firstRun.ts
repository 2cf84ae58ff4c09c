/**
 * What a new owner or tenant has done so far, for the first-run guidance on the dashboard home. The same
 * endpoints and query keys as the properties, tenancy and contacts features (their data refreshes these).
 */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const ownerPropertiesQuery = queryOptions({
  queryKey: queryKeys.properties.mine(),
  queryFn: ({ signal }) => api<ResponseData<'myProperties'>>(pathTo('myProperties'), { signal }),
});
export const useOwnerProgress = () => useQuery(ownerPropertiesQuery);

export const tenantCurrentRoomsQuery = queryOptions({
  queryKey: queryKeys.tenancy.currentRooms,
  queryFn: ({ signal }) => api<ResponseData<'tenantRooms'>>(pathTo('tenantRooms'), { signal }),
});
export const useTenantCurrentRooms = () => useQuery(tenantCurrentRoomsQuery);

export const tenantRevealsQuery = queryOptions({
  queryKey: queryKeys.contacts.mine,
  queryFn: ({ signal }) => api<ResponseData<'myReveals'>>(pathTo('myReveals'), { signal }),
});
export const useTenantReveals = () => useQuery(tenantRevealsQuery);
