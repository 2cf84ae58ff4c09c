/** OwnerDetails and Recently Viewed Property: the tenant's reveals and views, from the server (B8). */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const useMyReveals = () =>
  useQuery({
    queryKey: queryKeys.contacts.mine,
    queryFn: ({ signal }) => api<ResponseData<'myReveals'>>(pathTo('myReveals'), { signal }),
  });

export const useRecentViews = () =>
  useQuery({
    queryKey: queryKeys.contacts.recent,
    queryFn: ({ signal }) => api<ResponseData<'recentViews'>>(pathTo('recentViews'), { signal }),
  });
