import { MSG } from '@kiraya/contract/messages';
import { ApiError } from '../../lib/api';

/** Login failures (spec 8): the server's message, else "Invalid user credentials" or "Login failed. Please try again.". */
export function loginErrorMessage(e: unknown): string {
  if (e instanceof ApiError && e.status > 0) {
    if (e.message && e.message !== MSG.unexpected) return e.message;
    return e.status === 401 ? MSG.invalidCredentials : MSG.loginFailed;
  }
  return MSG.loginFailed;
}

/** Sign-up failures (spec 8): the server's message, else "Signup failed. Please try again.". */
export function signupErrorMessage(e: unknown): string {
  if (e instanceof ApiError && e.status > 0 && e.message && e.message !== MSG.unexpected) return e.message;
  return MSG.signupFailed;
}
