/**
 * Payments (issue 10, B10, B18): the Pay screen's bill and room, create-order (60 s), the sandbox checkout's
 * outcome, verify-payment, payments made or received, receipts and HRA rent receipts.
 */
import type { CheckoutResult, PaymentOrder, PaySummary, TenantBillGroup } from '@kiraya/contract';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { MSG } from '@kiraya/contract/messages';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { CREATE_ORDER_TIMEOUT_MS } from '@kiraya/contract/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type TenantRoom = ResponseData<'tenantRooms'>[number];
export type Payment = ResponseData<'myPayments'>[number];

/** What the Pay screen shows: the bill's group, the room it is for (with its owner) and the bill itself. */
export type PayContext = { group: TenantBillGroup; room: TenantRoom | null; billId: string };

/**
 * A load failure of the Pay screen, with the spec's text for what failed (section 8): an `MSG` text, or, when the
 * bill is not the tenant's (`notYours`), the screen's own text.
 */
export class PayLoadError extends Error {
  constructor(
    message: string,
    readonly notYours = false,
  ) {
    super(message);
  }
}

/**
 * The bill group holding `billId` among the tenant's bills, and the tenant's room it is for. A failed call
 * names what could not be fetched (spec 8: "Unable to fetch your bills/room details…").
 */
export async function fetchPayContext(billId: string, signal?: AbortSignal): Promise<PayContext> {
  const [groups, rooms] = await Promise.all([
    api<ResponseData<'tenantBills'>>(pathTo('tenantBills'), { signal }).catch(() => {
      throw new PayLoadError(MSG.billsFetchFailed);
    }),
    api<ResponseData<'tenantRooms'>>(pathTo('tenantRooms'), { signal }).catch(() => {
      throw new PayLoadError(MSG.roomDetailsFetchFailed);
    }),
  ]);
  const group = groups.find((g) => g.bills.some((b) => b._id === billId));
  if (!group) throw new PayLoadError('This bill is not among your bills.', true);
  const room = rooms.find((r) => r.roomId === group.room._id) ?? null;
  return { group, room, billId };
}

export const payContextQuery = (billId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.payContext(billId),
    queryFn: ({ signal }) => fetchPayContext(billId, signal),
    retry: false,
  });
export const usePayContext = (billId: string) => useQuery(payContextQuery(billId));

/**
 * GET /payments/room/:id/summary: what the room owes, bill by bill in the order a payment settles them,
 * and whether online payment is on (issues 18, 19).
 */
export const paySummaryQuery = (roomId: string) =>
  queryOptions({
    queryKey: queryKeys.payments.paySummary(roomId),
    queryFn: ({ signal }) => api<PaySummary>(pathTo('paySummary', { id: roomId }), { signal }),
    enabled: Boolean(roomId),
  });
export const usePaySummary = (roomId: string) => useQuery(paySummaryQuery(roomId));

/**
 * POST /bills/create-order with the amount exactly as typed (rupees text): the server reads it to the
 * paisa and refuses what is not a whole paisa (ADR 009); nothing is rounded here.
 */
export const createOrder = (amount: string, roomId: string): Promise<PaymentOrder> =>
  api<PaymentOrder>(pathTo('createOrder'), {
    method: PATHS.createOrder.method,
    body: { amount: amount.trim(), roomId },
    timeoutMs: CREATE_ORDER_TIMEOUT_MS,
  });

/** POST /bills/verify-payment with the checkout's identifiers (the server uses its stored order, B10). */
export const verifyPayment = (r: CheckoutResult, extra: { roomId: string; amount: number; tenantId?: string }) =>
  api<Payment>(pathTo('verifyPayment'), {
    method: PATHS.verifyPayment.method,
    body: {
      paymentId: r.razorpay_payment_id,
      orderId: r.razorpay_order_id,
      signature: r.razorpay_signature,
      roomId: extra.roomId,
      amount: extra.amount,
      tenantId: extra.tenantId,
    },
  });

/** Waits before asking verify-payment again when its answer was lost or the server was briefly away. */
export const VERIFY_RETRY_DELAYS_MS: readonly number[] = [1000, 3000, 6000];

/** No answer, or the server could not answer now (5xx, 429): worth asking again; a 4xx is the answer. */
export const isTransient = (e: unknown): boolean => e instanceof ApiError && (e.status === 0 || e.status >= 500 || e.status === 429);

/**
 * verify-payment, asked again after a transient failure: the gateway has taken the money, so a lost answer
 * must not read as a failed payment. Safe to repeat: the server records a payment once (by its gateway id).
 */
export async function verifyPaymentSurely(
  r: CheckoutResult,
  extra: { roomId: string; amount: number; tenantId?: string },
  delays: readonly number[] = VERIFY_RETRY_DELAYS_MS,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<Payment> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await verifyPayment(r, extra);
    } catch (e) {
      const wait = delays[attempt];
      if (!isTransient(e) || wait === undefined) throw e;
      await sleep(wait);
    }
  }
}

/** POST /payments/sandbox/pay: the sandbox checkout's outcome for an order. */
export const sandboxPay = (orderId: string, outcome: 'success' | 'failure', method: 'upi' | 'card') =>
  api<CheckoutResult>(pathTo('sandboxPay'), { method: PATHS.sandboxPay.method, body: { orderId, outcome, method } });

/** After a payment: bills, rooms (Last Payment) and payments are asked again. */
export function useAfterPayment() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: queryKeys.bills.all }),
      qc.invalidateQueries({ queryKey: queryKeys.tenancy.all }),
      qc.invalidateQueries({ queryKey: queryKeys.payments.all }),
    ]);
}

/** GET /payments/room/:id/credit: the room's credit and its refunds (issue 19). */
export function useRoomCredit(roomId: string) {
  return useQuery({
    queryKey: queryKeys.payments.roomCredit(roomId),
    queryFn: ({ signal }) => api<ResponseData<'roomCredit'>>(pathTo('roomCredit', { id: roomId }), { signal }),
    enabled: Boolean(roomId),
  });
}

/** POST /payments/refund-credit: the owner records a refund of the room's credit with its reference. */
export function useRefundCredit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { roomId: string; amount: string; reference: string; note?: string }) =>
      api<ResponseData<'refundCredit'>>(pathTo('refundCredit'), { method: PATHS.refundCredit.method, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.payments.all }),
  });
}

/** GET /payments/mine: the tenant's payments made or the owner's received, newest first; optionally one room's. */
export function useMyPayments(roomId?: string) {
  return useQuery({
    queryKey: queryKeys.payments.mine(roomId),
    queryFn: ({ signal }) => api<Payment[]>(pathTo('myPayments'), { query: { roomId }, signal }),
  });
}

/** GET /payments/receipt/:id */
export function useReceipt(paymentId: string) {
  return useQuery({
    queryKey: queryKeys.payments.receipt(paymentId),
    queryFn: ({ signal }) => api<ResponseData<'receipt'>>(pathTo('receipt', { id: paymentId }), { signal }),
    retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 2,
  });
}

/** GET /payments/rent-receipt?roomId&period (B18); off until both are chosen. */
export function useRentReceipt(roomId: string, period: string) {
  return useQuery({
    queryKey: queryKeys.payments.rentReceipt(roomId, period),
    enabled: Boolean(roomId && period),
    queryFn: ({ signal }) => api<ResponseData<'rentReceipt'>>(pathTo('rentReceipt'), { query: { roomId, period }, signal }),
    retry: false,
  });
}

/** A room of the rent receipt's picker: `past` when the tenant rents it no longer. */
export type ReceiptRoom = TenantRoom & { past: boolean };

/**
 * The tenant's rooms for the rent receipt's room picker: current ones, then the rooms of past tenancies
 * (issue 19: the year's HRA proof outlives a move-out), each room once.
 */
export function useTenantRoomsForReceipts(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.tenancy.myRooms, 'receipts'] as const,
    enabled,
    queryFn: async ({ signal }): Promise<ReceiptRoom[]> => {
      const [current, past] = await Promise.all([
        api<ResponseData<'tenantRooms'>>(pathTo('tenantRooms'), { signal }),
        api<ResponseData<'tenantPastRooms'>>(pathTo('tenantPastRooms'), { signal }),
      ]);
      const seen = new Set<string>();
      const out: ReceiptRoom[] = [];
      for (const [list, isPast] of [
        [current, false],
        [past, true],
      ] as const) {
        for (const r of list) {
          if (seen.has(r.roomId)) continue;
          seen.add(r.roomId);
          out.push({ ...r, past: isPast });
        }
      }
      return out;
    },
  });
}
