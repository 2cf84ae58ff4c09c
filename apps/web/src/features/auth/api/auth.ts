import type { AuthResult, LoginBody, RegisterBody, User } from '@kiraya/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type UsernameCheck = { username: string; available: boolean; message: string };

export const login = (body: LoginBody) => api<AuthResult>('/users/login', { method: 'POST', body });
export const register = (body: RegisterBody) => api<User>('/users/register', { method: 'POST', body });
export const checkUsername = (username: string, signal?: AbortSignal) =>
  api<UsernameCheck>('/users/check-username', { query: { username }, signal });

export const authKeys = {
  usernameCheck: (username: string) => ['users', 'check-username', username.toLowerCase()] as const,
};

export const useLogin = () => useMutation({ mutationFn: login });
export function useRegister() {
  const qc = useQueryClient();
  // A name just taken by this sign-up must not be reported free from the cache.
  return useMutation({ mutationFn: register, onSuccess: () => qc.removeQueries({ queryKey: ['users', 'check-username'] }) });
}

/** Asks the server whether a username is free (B2); pass the debounced value, or '' to skip. */
export const useUsernameCheck = (username: string) =>
  useQuery({
    queryKey: authKeys.usernameCheck(username),
    queryFn: ({ signal }) => checkUsername(username, signal),
    enabled: username !== '',
    staleTime: 0,
    retry: false,
  });
