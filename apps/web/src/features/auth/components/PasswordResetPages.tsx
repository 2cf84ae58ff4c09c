import { type ForgotPasswordBody, forgotPasswordBodySchema, MSG, type ResetPasswordBody, resetPasswordBodySchema } from '@kiraya/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { Brand } from '../../../components/Brand';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, TextField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';
import { Msg, useMsg } from '../../../lib/useMsg';
import { useAuthT } from '../i18n';
import { useForgotPassword, useResetPassword } from '../api/auth';

function Card({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const t = useAuthT();
  usePageTitle(title);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-4 sm:py-8">
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-md sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <Brand />
          <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-slate-600">{lead}</p>
        </div>
        {children}
        <p className="mt-6 text-center text-sm">
          <Link to={PATHS.auth} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t('reset.backToSignIn')}
          </Link>
        </p>
      </div>
    </div>
  );
}

const failureOf = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.message : MSG.unexpected);

/** /forgot-password: asks for the email; the answer is the same whether or not an account uses it. */
export function ForgotPasswordPage() {
  const t = useAuthT();
  const msg = useMsg();
  const ask = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordBody>({
    resolver: contractResolver<ForgotPasswordBody>(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((v) => {
    setFailure(null);
    ask.mutate({ email: v.email.trim() }, { onSuccess: () => setSent(true), onError: (e) => setFailure(failureOf(e)) });
  });
  return (
    <Card title={t('forgot.title')} lead={t('forgot.lead')}>
      {sent ? (
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {msg(MSG.forgotPasswordSent)}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('forgot.label')}>
          <TextField
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            aria-required
            {...register('email')}
          />
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              <Msg text={failure} />
            </p>
          ) : null}
          <button type="submit" className={`${primaryButton} w-full py-2.5`} disabled={ask.isPending}>
            {ask.isPending ? t('forgot.sending') : t('forgot.send')}
          </button>
        </form>
      )}
    </Card>
  );
}

const FIELDS = ['token', 'password', 'confirmPassword'] as const;

/** /reset-password?token=…: the new password twice (the sign-up rule); then sign in with it. */
export function ResetPasswordPage() {
  const t = useAuthT();
  const msg = useMsg();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordBody>({
    resolver: contractResolver<ResetPasswordBody>(resetPasswordBodySchema, { raw: false }),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(
    (v) => {
      setFailure(null);
      reset.mutate(
        { ...v, token },
        {
          onSuccess: () => setDone(true),
          onError: (e) => {
            // The token's refusal comes as a field error on `token` (its text is in the caller's language).
            if (e instanceof ApiError && e.errors.some((fe) => fe.path === 'token')) setFailure(MSG.resetTokenInvalid);
            else if (!applyServerErrors(e, setError, FIELDS)) setFailure(failureOf(e));
          },
        },
      );
    },
    (errs) => setFailure(errs.token?.message ?? null),
  );
  if (!token)
    return (
      <Card title={t('reset.title')} lead={t('reset.needsLink')}>
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {msg(MSG.resetTokenRequired)}{' '}
          <Link to={PATHS.forgotPassword} className="underline">
            {t('reset.askNewLink')}
          </Link>
        </p>
      </Card>
    );
  return (
    <Card title={t('reset.chooseTitle')} lead={t('reset.chooseLead')}>
      {done ? (
        <div role="status" className="space-y-4">
          <p className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">{msg(MSG.passwordReset)}</p>
          <Link to={PATHS.auth} className={`${primaryButton} block w-full py-2.5 text-center`}>
            {t('reset.signIn')}
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('reset.label')}>
          <TextField
            label={t('reset.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('password.hint')}
            error={errors.password?.message}
            aria-required
            {...register('password')}
          />
          <TextField
            label={t('reset.confirm')}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            aria-required
            {...register('confirmPassword')}
          />
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              <Msg text={failure} />{' '}
              {failure === MSG.resetTokenInvalid ? (
                <Link to={PATHS.forgotPassword} className="underline">
                  {t('reset.askNewLink')}
                </Link>
              ) : null}
            </p>
          ) : null}
          <button type="submit" className={`${primaryButton} w-full py-2.5`} disabled={reset.isPending}>
            {reset.isPending ? t('reset.saving') : t('reset.submit')}
          </button>
        </form>
      )}
    </Card>
  );
}
