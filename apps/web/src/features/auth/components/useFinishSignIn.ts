import { MSG } from '@kiraya/contract/messages';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { fromCookieHeader } from '@kiraya/contract/locales';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { useLocale } from '../../../lib/i18n';
import { useSetLocale } from '../../../lib/locale';
import { safeReturnPath } from '../../../lib/paths';
import { queryClient } from '../../../lib/query';
import { dashboardFor, useSession } from '../../../lib/session';

type SignedInUser = ResponseData<'login'>['user'];

/**
 * After a login (or a sign-up's automatic login): keeps the user, says so, and goes back to where the visitor
 * was sent from (/auth's `next`, only when it is a same-site path), else to their dashboard.
 * Answers the failure message when the account's role has no dashboard, else null. The page then speaks the
 * account's language: the login answer set the `kiraya_lang` cookie to it (issue 27, ADR 039).
 */
export function useFinishSignIn() {
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const locale = useLocale();
  const setLocale = useSetLocale();
  return (user: SignedInUser | undefined, message: string): string | null => {
    const target = dashboardFor(user?.role);
    if (!user || !target) return MSG.invalidRole;
    queryClient.clear();
    setUser(user);
    const stored = typeof document === 'undefined' ? null : fromCookieHeader(document.cookie);
    if (stored && stored !== locale) void setLocale(stored);
    toast.success(message);
    navigate(safeReturnPath(params.get('next')) ?? target, { replace: true });
    return null;
  };
}
