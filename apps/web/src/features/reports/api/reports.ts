/**
 * Reports (issue 26 item 1, ADR 037): the caller's own reports (a Report button then reads "Reported") and sending
 * one. Zod-free on purpose: the server-rendered property page imports this file (types only from endpoints).
 */
import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type MyReport = ResponseData<'myReports'>[number];
export type ReportTarget = { targetType: MyReport['targetType']; targetId: string };

export const fetchMyReports = (signal?: AbortSignal) => api<ResponseData<'myReports'>>(pathTo('myReports'), { signal });
export const myReportsQuery = (enabled = true) =>
  queryOptions({ queryKey: queryKeys.reports.mine, queryFn: ({ signal }) => fetchMyReports(signal), enabled, staleTime: 60_000 });
/** The caller's reports; asked only for a signed-in person (`enabled`). */
export const useMyReports = (enabled: boolean) => useQuery(myReportsQuery(enabled));

/** Whether the caller has an open report on the target (then its button reads "Reported"). */
export const hasOpenReport = (reports: readonly MyReport[] | undefined, t: ReportTarget): boolean =>
  !!reports?.some((r) => r.targetType === t.targetType && r.targetId === t.targetId && r.status === 'open');

export const createReport = (body: RequestBody<'createReport'>) =>
  api<ResponseData<'createReport'>>(pathTo('createReport'), { method: PATHS.createReport.method, body });

/**
 * Sends a report; the new one joins the caller's reports at once (the button reads "Reported"), then they are asked
 * again. A 409 (an open report of the caller's on it already) asks them again too.
 */
export function useCreateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: (report) => {
      qc.setQueryData<MyReport[]>(queryKeys.reports.mine, (old) => [report, ...(old ?? [])]);
      void qc.invalidateQueries({ queryKey: queryKeys.reports.all });
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: queryKeys.reports.all });
    },
  });
}
