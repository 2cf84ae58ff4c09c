import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiEnvelope } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** Email verification and phone codes (issue 25 item 4, issue 26 item 2, ADR 033). */
export const verifyEmail = (body: RequestBody<'verifyEmail'>) =>
  api<ResponseData<'verifyEmail'>>(pathTo('verifyEmail'), { method: PATHS.verifyEmail.method, body });
/** The envelope: its message names the address or the masked number. */
export const resendVerifyEmail = () =>
  apiEnvelope<ResponseData<'resendVerifyEmail'>>(pathTo('resendVerifyEmail'), { method: PATHS.resendVerifyEmail.method });
export const sendPhoneCode = () =>
  apiEnvelope<ResponseData<'sendPhoneCode'>>(pathTo('sendPhoneCode'), { method: PATHS.sendPhoneCode.method });
export const confirmPhoneCode = (body: RequestBody<'confirmPhoneCode'>) =>
  api<ResponseData<'confirmPhoneCode'>>(pathTo('confirmPhoneCode'), { method: PATHS.confirmPhoneCode.method, body });

/** The current user is asked again after a verification (the banner, Profile and the badge follow it). */
function useRefreshUser() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: queryKeys.users.me });
}

export function useVerifyEmail() {
  const refresh = useRefreshUser();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => refresh() });
}
export const useResendVerifyEmail = () => useMutation({ mutationFn: resendVerifyEmail });
export const useSendPhoneCode = () => useMutation({ mutationFn: sendPhoneCode });
export function useConfirmPhoneCode() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmPhoneCode, onSuccess: (user) => qc.setQueryData(queryKeys.users.me, user) });
}
