import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type UsernameCheck = ResponseData<'checkUsername'>;

export const login = (body: RequestBody<'login'>) => api<ResponseData<'login'>>(pathTo('login'), { method: PATHS.login.method, body });
export const register = (body: RequestBody<'register'>) =>
  api<ResponseData<'register'>>(pathTo('register'), { method: PATHS.register.method, body });
export const checkUsername = (username: string, signal?: AbortSignal) =>
  api<UsernameCheck>(pathTo('checkUsername'), { query: { username }, signal });

/** Whether an email and a phone number are free (sign-up step 3); rate limited like sign-up. */
export const checkAvailability = (body: RequestBody<'checkAvailability'>) =>
  api<ResponseData<'checkAvailability'>>(pathTo('checkAvailability'), { method: PATHS.checkAvailability.method, body });

export const useLogin = () => useMutation({ mutationFn: login });
export function useRegister() {
  const qc = useQueryClient();
  // A name just taken by this sign-up must not be reported free from the cache.
  return useMutation({ mutationFn: register, onSuccess: () => qc.removeQueries({ queryKey: queryKeys.users.usernameChecks }) });
}

/** Asks the server whether a username is free (B2); pass the debounced value, or '' to skip. */
export const useUsernameCheck = (username: string) =>
  useQuery({
    queryKey: queryKeys.users.usernameCheck(username),
    queryFn: ({ signal }) => checkUsername(username, signal),
    enabled: username !== '',
    staleTime: 0,
    retry: false,
  });

/** Password reset (issue 25): ask for the email, then set a new password with the emailed token. */
export const forgotPassword = (body: RequestBody<'forgotPassword'>) =>
  api<ResponseData<'forgotPassword'>>(pathTo('forgotPassword'), { method: PATHS.forgotPassword.method, body });
export const resetPassword = (body: RequestBody<'resetPassword'>) =>
  api<ResponseData<'resetPassword'>>(pathTo('resetPassword'), { method: PATHS.resetPassword.method, body });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
