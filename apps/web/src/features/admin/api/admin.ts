/**
 * The moderators' dashboard (issue 26 item 3, ADR 037): the queue of open reports by target, one target with its
 * reports, signals and audit entries, the actions, and the append-only audit log a page at a time.
 */
import { AUDIT_PAGE_DEFAULT } from '@kiraya/contract/moderation';
import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type QueueItem = ResponseData<'adminQueue'>[number];
export type TargetDetail = ResponseData<'adminTarget'>;
export type AuditEntry = ResponseData<'adminAudit'>[number];
export type ActionBody = RequestBody<'adminAction'>;
export type TargetType = QueueItem['targetType'];

export const fetchQueue = (signal?: AbortSignal) => api<ResponseData<'adminQueue'>>(pathTo('adminQueue'), { signal });
export const queueQuery = () => queryOptions({ queryKey: queryKeys.admin.queue, queryFn: ({ signal }) => fetchQueue(signal) });
export const useQueue = () => useQuery(queueQuery());

export const fetchTarget = (targetType: string, targetId: string, signal?: AbortSignal) =>
  api<TargetDetail>(pathTo('adminTarget', { targetType, targetId }), { signal });
export const targetQuery = (targetType: string, targetId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.target(targetType, targetId),
    queryFn: ({ signal }) => fetchTarget(targetType, targetId, signal),
    enabled: Boolean(targetType && targetId),
    retry: false,
  });
export const useTarget = (targetType: string, targetId: string) => useQuery(targetQuery(targetType, targetId));

export const fetchAudit = (before: string | undefined, signal?: AbortSignal, limit = AUDIT_PAGE_DEFAULT) =>
  api<ResponseData<'adminAudit'>>(pathTo('adminAudit'), { signal, query: { before, limit } });
/** The audit log, newest first; each next page is the entries before the oldest one shown (Show older). */
export function useAudit(limit = AUDIT_PAGE_DEFAULT) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.audit,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) => fetchAudit(pageParam, signal, limit),
    getNextPageParam: (last: AuditEntry[]) => (last.length < limit ? undefined : last.at(-1)?.createdAt),
    select: (data) => data.pages.flat(),
  });
}

export const takeAction = (body: ActionBody) =>
  api<ResponseData<'adminAction'>>(pathTo('adminAction'), { method: PATHS.adminAction.method, body });

/** An action changes the queue, the target and the log: all of the dashboard is asked again. */
export function useTakeAction() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: takeAction, onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.admin.all }) });
}
