import { lazy, Suspense, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Brand } from '../../../components/Brand';
import { Spinner } from '../../../components/Spinner';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useMsg } from '../../../lib/useMsg';
import { useAuthT } from '../i18n';
import { signInReason } from '../messages';
import { SignInForm } from './SignInForm';
import { useSharedT } from '../../../components/i18n';

// The wizard validates with the contract's zod schemas: loaded only when someone signs up.
const SignUpWizard = lazy(() => import('./SignUpWizard').then((m) => ({ default: m.SignUpWizard })));

type Mode = 'signin' | 'signup';

const initialMode = (state: unknown, params: URLSearchParams): Mode =>
  params.get('signup') === '1' || (state && typeof state === 'object' && (state as { mode?: unknown }).mode === 'signup')
    ? 'signup'
    : 'signin';

/**
 * What a sign-up link fills in (an invitation by email, issue 25): `/auth?signup=1&role=tenant&email=…`. Only
 * a role that exists and a short single-line email are taken; the wizard checks them like anything typed.
 */
export function signupPrefill(params: URLSearchParams): { email?: string; role?: 'owner' | 'tenant' } {
  const role = params.get('role');
  const email = params.get('email')?.trim() ?? '';
  return {
    ...(role === 'owner' || role === 'tenant' ? { role } : {}),
    ...(email && email.length <= 254 && !/[\s<>]/.test(email) ? { email } : {}),
  };
}

/** /auth: the sign-in and sign-up card (spec 2). Opens on sign-in unless navigation state asks for sign-up. */
export function AuthPage() {
  const t = useAuthT();
  const names = useSharedT();
  const msg = useMsg();
  const location = useLocation();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => initialMode(location.state, params));
  const [signedUpEmail, setSignedUpEmail] = useState('');
  const [prefill] = useState(() => signupPrefill(params));
  const reason = signInReason(params.get('why'));
  const title = mode === 'signin' ? t('page.signIn') : t('page.signUp');
  usePageTitle(title);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-4 sm:py-8">
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-md sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <Brand />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-600">{mode === 'signin' ? t('page.signInLead') : t('page.signUpLead')}</p>
        </div>
        {reason ? (
          <p role="status" className="mb-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
            {msg(reason)}
          </p>
        ) : null}
        <fieldset className="mb-6 grid grid-cols-2 rounded-xl bg-slate-100 p-1">
          <legend className="sr-only">{t('page.choose')}</legend>
          {(['signin', 'signup'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={`rounded-lg px-3 py-2 text-sm font-semibold transition ${
                mode === m ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              {m === 'signin' ? t('page.tabSignIn') : names('name.signUp')}
            </button>
          ))}
        </fieldset>
        {mode === 'signin' ? (
          <SignInForm key={signedUpEmail} defaultEmail={signedUpEmail} />
        ) : (
          <Suspense fallback={<Spinner label={t('page.loadingSignUp')} />}>
            <SignUpWizard
              prefill={prefill}
              onSignedUp={(email) => {
                setSignedUpEmail(email);
                setMode('signin');
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
