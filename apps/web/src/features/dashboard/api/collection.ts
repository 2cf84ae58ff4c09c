/** The owner home's "This month's collection" (issue 22): billed, collected and pending per room, overdue first. */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const fetchOwnerCollection = (signal?: AbortSignal) => api<ResponseData<'ownerCollection'>>(pathTo('ownerCollection'), { signal });

export const ownerCollectionQuery = queryOptions({
  queryKey: queryKeys.statistics.ownerCollection,
  queryFn: ({ signal }) => fetchOwnerCollection(signal),
});
export const useOwnerCollection = () => useQuery(ownerCollectionQuery);
