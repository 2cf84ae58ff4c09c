/**
 * Rent paid outside the gateway (issue 23): the owner records money received, the tenant reports a UPI
 * payment made straight to the owner, the owner confirms or rejects it, and reverses a recorded payment.
 */
import type { PaymentReportStatus } from '@kiraya/contract';
import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type PaymentReport = ResponseData<'paymentReports'>[number];

/** After any offline entry: bills, rooms (Last Payment), payments, reports and statistics are asked again. */
function useAfterOffline() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.bills.all }),
      qc.invalidateQueries({ queryKey: queryKeys.tenancy.all }),
      qc.invalidateQueries({ queryKey: queryKeys.payments.all }),
      qc.invalidateQueries({ queryKey: queryKeys.statistics.all }),
    ]);
}

/** POST /payments/record (the amount as typed, rupees text: the server reads it to the paisa). */
export const recordPayment = (body: RequestBody<'recordPayment'>) =>
  api<ResponseData<'recordPayment'>>(pathTo('recordPayment'), { method: PATHS.recordPayment.method, body });
export function useRecordPayment() {
  const after = useAfterOffline();
  return useMutation({ mutationFn: recordPayment, onSuccess: after });
}

/** POST /payments/report: the tenant's UPI payment with its UTR, pending until the owner confirms it. */
export const reportPayment = (body: RequestBody<'reportPayment'>) =>
  api<ResponseData<'reportPayment'>>(pathTo('reportPayment'), { method: PATHS.reportPayment.method, body });
export function useReportPayment() {
  const after = useAfterOffline();
  return useMutation({ mutationFn: reportPayment, onSuccess: after });
}

/** GET /payments/upi-reports: the tenant's own reports, or the reports on the owner's rooms. */
export const paymentReportsQuery = (roomId?: string, status?: PaymentReportStatus) => ({
  queryKey: queryKeys.payments.reports(roomId, status),
  queryFn: ({ signal }: { signal?: AbortSignal }) => api<PaymentReport[]>(pathTo('paymentReports'), { query: { roomId, status }, signal }),
});
export const usePaymentReports = (roomId?: string, status?: PaymentReportStatus) => useQuery(paymentReportsQuery(roomId, status));

/** GET /payments/upi-reports/:id: one report on the owner's rooms (the notification's and the home's link). */
export const usePaymentReport = (id: string) =>
  useQuery({
    queryKey: [...queryKeys.payments.reports(undefined, undefined), 'one', id],
    queryFn: ({ signal }) => api<PaymentReport>(pathTo('paymentReport', { id }), { signal }),
    retry: false,
  });

/** POST /payments/confirm-report/:id and /reject-report/:id (with a reason). */
export function useDecideReport() {
  const after = useAfterOffline();
  return useMutation({
    mutationFn: (d: { id: string; decision: 'confirm' } | { id: string; decision: 'reject'; reason: string }) =>
      d.decision === 'confirm'
        ? api<PaymentReport>(pathTo('confirmReport', { id: d.id }), { method: PATHS.confirmReport.method })
        : api<PaymentReport>(pathTo('rejectReport', { id: d.id }), { method: PATHS.rejectReport.method, body: { reason: d.reason } }),
    onSuccess: after,
  });
}

/** POST /payments/reverse/:id with the owner's reason. */
export function useReversePayment() {
  const after = useAfterOffline();
  return useMutation({
    mutationFn: (d: { id: string; reason: string }) =>
      api<ResponseData<'reversePayment'>>(pathTo('reversePayment', { id: d.id }), {
        method: PATHS.reversePayment.method,
        body: { reason: d.reason },
      }),
    onSuccess: after,
  });
}
