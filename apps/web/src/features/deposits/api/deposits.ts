/** Security deposits (issue 22 item 4, ADR 029): a room's deposit, the owner's settlement, the tenant's dispute. */
import type { ResponseData } from '@kiraya/contract/endpoints';
import type { DisputeDeductionBody, SettleDepositBody } from '@kiraya/contract/deposits';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type Deposit = NonNullable<ResponseData<'deposit'>>;
export type UploadedDepositPhoto = ResponseData<'uploadDepositPhoto'>;

/** GET /deposits/room/:roomId: the deposit of the caller's tenancy of the room; null when there is none. */
export const fetchDeposit = (roomId: string, signal?: AbortSignal) => api<Deposit | null>(pathTo('deposit', { roomId }), { signal });

export const depositQuery = (roomId: string) =>
  queryOptions({ queryKey: queryKeys.deposits.room(roomId), queryFn: ({ signal }) => fetchDeposit(roomId, signal) });

export const useDeposit = (roomId: string) => useQuery(depositQuery(roomId));

/** A settlement or a dispute shows on both sides: the deposit, the room's conversation and bills. */
function useAfterDepositChange() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.deposits.all });
    void qc.invalidateQueries({ queryKey: queryKeys.messages.all });
  };
}

export const settleDeposit = (roomId: string, body: SettleDepositBody) =>
  api<Deposit>(pathTo('settleDeposit', { roomId }), { method: PATHS.settleDeposit.method, body });

/** POST /deposits/settle/:roomId: once, after a move-out; held = deductions + refund. */
export function useSettleDeposit(roomId: string) {
  const after = useAfterDepositChange();
  return useMutation({ mutationFn: (body: SettleDepositBody) => settleDeposit(roomId, body), onSuccess: after });
}

export const disputeDeduction = (roomId: string, body: DisputeDeductionBody) =>
  api<Deposit>(pathTo('disputeDeduction', { roomId }), { method: PATHS.disputeDeduction.method, body });

/** POST /deposits/dispute/:roomId: a message in the room's conversation, the deduction marked disputed. */
export function useDisputeDeduction(roomId: string) {
  const after = useAfterDepositChange();
  return useMutation({ mutationFn: (body: DisputeDeductionBody) => disputeDeduction(roomId, body), onSuccess: after });
}

/** POST /deposits/upload/photo (multipart photo): a private deduction photo, whose id goes into the settlement. */
export function uploadDepositPhoto(file: File): Promise<UploadedDepositPhoto> {
  const fd = new FormData();
  fd.append('photo', file);
  return api<UploadedDepositPhoto>(pathTo('uploadDepositPhoto'), { method: PATHS.uploadDepositPhoto.method, body: fd });
}
