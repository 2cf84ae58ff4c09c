import { MSG } from '@kiraya/contract/messages';
import { ApiError } from '../../lib/api';
import type { SignInReason } from '../../lib/paths';

const SIGN_IN_REASONS: Record<SignInReason, string> = {
  page: MSG.signInForPage,
  phone: MSG.signInForPhone,
  message: MSG.signInForMessage,
  // Report (issue 26 item 1); moved to the contract's catalogue by the i18n pass.
  report: 'Sign in to report this listing to Kiraya. You will come back to it after signing in.',
};
/** What /auth says about why the visitor is here (its `why` parameter), or null. */
export const signInReason = (raw: string | null): string | null =>
  raw && Object.hasOwn(SIGN_IN_REASONS, raw) ? SIGN_IN_REASONS[raw as SignInReason] : null;

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
