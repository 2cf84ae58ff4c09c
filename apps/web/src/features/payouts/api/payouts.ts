import { API_BASE } from '@kiraya/contract/constants';
import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, PAYOUTS_EXPORT_PATH, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** Payouts (issue 24, ADR 031): the owner's bank account for payouts, and each online payment's way to it. */

export const fetchPayoutAccount = () => api<ResponseData<'payoutAccount'>>(pathTo('payoutAccount'));
export const savePayoutAccount = (body: RequestBody<'savePayoutAccount'>) =>
  api<ResponseData<'savePayoutAccount'>>(pathTo('savePayoutAccount'), { method: PATHS.savePayoutAccount.method, body });
export const checkPayouts = () => api<ResponseData<'checkPayouts'>>(pathTo('checkPayouts'), { method: PATHS.checkPayouts.method });
export const fetchPayouts = () => api<ResponseData<'payouts'>>(pathTo('payouts'));

export const payoutAccountQuery = () => queryOptions({ queryKey: queryKeys.payouts.account, queryFn: fetchPayoutAccount });
/** While a payout is on its way (held, transferring, transferred), the list is asked again every few seconds. */
const ON_THE_WAY = new Set(['held', 'processing', 'transferred']);
export const payoutsQuery = () =>
  queryOptions({
    queryKey: queryKeys.payouts.list,
    queryFn: fetchPayouts,
    refetchInterval: (q) => (q.state.data?.payouts.some((p) => ON_THE_WAY.has(p.state)) ? 5_000 : false),
  });

export const usePayoutAccount = () => useQuery(payoutAccountQuery());
export const usePayouts = () => useQuery(payoutsQuery());

/** Save the payout details: the answer is the account (masked); the payouts and the user refresh (held ones may have moved). */
export function useSavePayoutAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (account) => {
      qc.setQueryData(queryKeys.payouts.account, account);
      void qc.invalidateQueries({ queryKey: queryKeys.payouts.list });
      // A PAN given here is kept on the account when it had none (Profile shows it).
      void qc.invalidateQueries({ queryKey: queryKeys.users.me });
    },
  });
}

/** Ask the gateway now: the account's status, held payouts released, settlements. */
export function useCheckPayouts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkPayouts,
    onSuccess: (account) => {
      qc.setQueryData(queryKeys.payouts.account, account);
      void qc.invalidateQueries({ queryKey: queryKeys.payouts.list });
    },
  });
}

/** The CSV export's address (a plain link: the browser downloads it with the session cookie). */
export const payoutsExportUrl = `${API_BASE}${PAYOUTS_EXPORT_PATH}`;
