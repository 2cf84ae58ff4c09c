import type { RequestBody, ResponseData } from '@kiraya/contract/endpoints';
import { PATHS, pathTo } from '@kiraya/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export const fetchCurrentUser = () => api<ResponseData<'currentUser'>>(pathTo('currentUser'));
export const updateAccount = (body: RequestBody<'updateAccount'>) =>
  api<ResponseData<'updateAccount'>>(pathTo('updateAccount'), { method: PATHS.updateAccount.method, body });
export const logout = () => api<ResponseData<'logout'>>(pathTo('logout'), { method: PATHS.logout.method });

export const currentUserQuery = () => queryOptions({ queryKey: queryKeys.users.me, queryFn: fetchCurrentUser, retry: false });

export const useCurrentUser = () => useQuery(currentUserQuery());

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => qc.setQueryData(queryKeys.users.me, user),
  });
}

export const useLogout = () => useMutation({ mutationFn: logout });

export const changePassword = (body: RequestBody<'changePassword'>) =>
  api<ResponseData<'changePassword'>>(pathTo('changePassword'), { method: PATHS.changePassword.method, body });

/** Change the password; the server keeps this login and ends the others. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });

/** Email settings per category (issue 25). */
export const fetchEmailPrefs = () => api<ResponseData<'emailPrefs'>>(pathTo('emailPrefs'));
export const updateEmailPrefs = (body: RequestBody<'updateEmailPrefs'>) =>
  api<ResponseData<'updateEmailPrefs'>>(pathTo('updateEmailPrefs'), { method: PATHS.updateEmailPrefs.method, body });
export const emailPrefsQuery = () => queryOptions({ queryKey: queryKeys.users.emailPrefs, queryFn: fetchEmailPrefs });
export const useEmailPrefs = () => useQuery(emailPrefsQuery());
export function useUpdateEmailPrefs() {
  const qc = useQueryClient();
  type Prefs = ResponseData<'emailPrefs'>;
  // The box changes at once (optimistic); a refusal puts it back.
  return useMutation({
    mutationFn: updateEmailPrefs,
    onMutate: async (change) => {
      await qc.cancelQueries({ queryKey: queryKeys.users.emailPrefs });
      const before = qc.getQueryData<Prefs>(queryKeys.users.emailPrefs);
      if (before) qc.setQueryData<Prefs>(queryKeys.users.emailPrefs, { ...before, ...change });
      return { before };
    },
    onError: (_e, _change, context) => {
      if (context?.before) qc.setQueryData(queryKeys.users.emailPrefs, context.before);
    },
    onSuccess: (prefs) => qc.setQueryData(queryKeys.users.emailPrefs, prefs),
  });
}

export const revealIdentity = (body: RequestBody<'revealIdentity'>) =>
  api<ResponseData<'revealIdentity'>>(pathTo('revealIdentity'), { method: PATHS.revealIdentity.method, body });

/** Profile's "Show" (ADR 043): the full Aadhaar number and PAN after the password; never cached or stored. */
export const useRevealIdentity = () => useMutation({ mutationFn: revealIdentity });
