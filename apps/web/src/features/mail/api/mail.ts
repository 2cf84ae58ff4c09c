import type { ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** The development mailbox (no SMTP configured, never in production): the latest 50 emails. */
export const fetchDevMailbox = () => api<ResponseData<'devMailbox'>>(pathTo('devMailbox'));
export const devMailboxQuery = () =>
  queryOptions({ queryKey: queryKeys.devMailbox, queryFn: fetchDevMailbox, retry: false, refetchInterval: 5000 });
export const useDevMailbox = () => useQuery(devMailboxQuery());

export type UnsubscribeLink = { u: string; c: string; s: string };
/** One-click unsubscribe from a category, by the signed link of an email (signed out). */
export const unsubscribe = (q: UnsubscribeLink) =>
  api<ResponseData<'unsubscribe'>>(pathTo('unsubscribe'), { method: PATHS.unsubscribe.method, query: q });
export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
