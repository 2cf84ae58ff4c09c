import type { UpdateAccountBody, User } from '@kiraya/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const profileKeys = { me: ['users', 'me'] as const };

export const fetchCurrentUser = () => api<User>('/users/get-current-user');
export const updateAccount = (body: UpdateAccountBody) => api<User>('/users/update-account-details', { method: 'PUT', body });
export const logout = () => api<Record<string, never>>('/users/logout', { method: 'POST' });

export const currentUserQuery = () => queryOptions({ queryKey: profileKeys.me, queryFn: fetchCurrentUser, retry: false });

export const useCurrentUser = () => useQuery(currentUserQuery());

export function useUpdateAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => qc.setQueryData(profileKeys.me, user),
  });
}

export const useLogout = () => useMutation({ mutationFn: logout });
