/** The owner home's "Waiting for you" (ADR 042): reports to confirm, unread messages, overdue rooms, deposits to settle. */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type OwnerWaiting = ResponseData<'ownerWaiting'>;

export const useOwnerWaiting = () =>
  useQuery({
    queryKey: queryKeys.statistics.ownerWaiting,
    queryFn: ({ signal }) => api<OwnerWaiting>(pathTo('ownerWaiting'), { signal }),
  });
