import { MSG } from '@kiraya/contract/messages';
import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { useMsg } from '../../../lib/useMsg';
import { useVerificationT } from '../i18n';
import { useResendVerifyEmail } from '../api/verification';

/**
 * The signed-in app's reminder until the email is verified (issue 25 item 4, ADR 033): the account works
 * meanwhile; "Resend" emails a new link (three an hour). Nothing is shown for a verified (or unknown) state.
 */
export function VerifyEmailBanner() {
  const t = useVerificationT();
  const msg = useMsg();
  const { user } = useSession();
  const resend = useResendVerifyEmail();
  if (!user || user.emailVerified !== false) return null;
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: (res) => toast.success(msg(res.message)),
      onError: (e) => toast.error(msg(errorMessage(e))),
    });
  return (
    <div role="region" aria-label={t('banner.label')} className="border-b border-amber-200 bg-amber-50 print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm text-amber-900 sm:px-6">
        <MailWarning aria-hidden="true" className="h-5 w-5 shrink-0" />
        <p className="flex-1 font-medium">{msg(MSG.verifyEmailBanner(user.email))}</p>
        <button
          type="button"
          onClick={onResend}
          disabled={resend.isPending}
          className="rounded-lg bg-white px-3 py-1.5 font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100 disabled:opacity-60"
        >
          {resend.isPending ? t('banner.sending') : msg(MSG.verifyEmailResend)}
        </button>
      </div>
    </div>
  );
}
