import { MSG } from '@kiraya/contract/messages';
import { pathTo } from '@kiraya/contract/paths';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Brand } from '../../../components/Brand';
import { primaryButton } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { api, ApiError } from '../../../lib/api';
import { dashboardFor, useSession } from '../../../lib/session';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { Msg, useMsg } from '../../../lib/useMsg';
import { useVerificationT } from '../i18n';
import { useVerifyEmail } from '../api/verification';

/**
 * /verify-email?token=…: the link of a verification email (ADR 033). Opening it verifies the address at once
 * (signed in or not: the token is the proof); a signed-in session here then drops its banner.
 */
export function VerifyEmailPage() {
  const t = useVerificationT();
  const msg = useMsg();
  usePageTitle(t('page.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { user, setUser } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : MSG.verifyTokenRequired);
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    // Once, even under StrictMode's double effect: the link is single-use.
    asked.current = true;
    verify.mutate(
      { token },
      {
        onSuccess: async (r) => {
          setDone(r.email);
          if (!user) return;
          const me = await api<ResponseData<'currentUser'>>(pathTo('currentUser')).catch(() => null);
          if (me && me._id === user._id) setUser(me);
        },
        onError: (e) => setFailure(e instanceof ApiError && e.status > 0 ? e.message : MSG.unexpected),
      },
    );
  }, [token, verify, user, setUser]);

  const next = dashboardFor(user?.role) ?? PATHS.auth;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-4 sm:py-8">
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-md sm:p-8">
        <Brand />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('page.heading')}</h1>
        <div className="mt-6">
          {done ? (
            <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
              {t('page.verified', { message: msg(MSG.emailVerified), email: done })}
            </p>
          ) : failure ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              <Msg text={failure} />
            </p>
          ) : (
            <Spinner label={t('page.verifying')} />
          )}
        </div>
        {done || failure ? (
          <Link to={next} className={`${primaryButton} mt-6 inline-block px-6 py-2.5`}>
            {user ? t('page.dashboard') : t('page.signIn')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
