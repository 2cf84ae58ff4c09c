import { MSG } from '@kiraya/contract/messages';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { safeReturnPath } from '../../../lib/paths';
import { queryClient } from '../../../lib/query';
import { dashboardFor, useSession } from '../../../lib/session';

type SignedInUser = ResponseData<'login'>['user'];

/**
 * After a login (or a sign-up's automatic login): keeps the user, says so, and goes back to where the visitor
 * was sent from (/auth's `next`, only when it is a same-site path), else to their dashboard.
 * Answers the failure message when the account's role has no dashboard, else null.
 */
export function useFinishSignIn() {
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (user: SignedInUser | undefined, message: string): string | null => {
    const target = dashboardFor(user?.role);
    if (!user || !target) return MSG.invalidRole;
    queryClient.clear();
    setUser(user);
    toast.success(message);
    navigate(safeReturnPath(params.get('next')) ?? target, { replace: true });
    return null;
  };
}
