import { type LoginBody, loginBodySchema } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { contractResolver } from '../../../components/form';
import { primaryButton, TextField } from '../../../components/FormField';
import { PATHS } from '../../../lib/paths';
import { Msg, useMsg } from '../../../lib/useMsg';
import { useAuthT } from '../i18n';
import { useLogin } from '../api/auth';
import { loginErrorMessage } from '../messages';
import { useFinishSignIn } from './useFinishSignIn';

/** Sign-in (spec 2, 4, 5, 8): email and password; on success the user goes back where they were, else to their dashboard. */
export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const t = useAuthT();
  const msg = useMsg();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: contractResolver<LoginBody>(loginBodySchema), defaultValues: { email: defaultEmail, password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const loginMutation = useLogin();
  const finish = useFinishSignIn();

  const onSubmit = handleSubmit(
    ({ email, password }) => {
      setFailure(null);
      loginMutation.mutate(
        { email: email.trim(), password },
        {
          onSuccess: ({ user }) => {
            const problem = finish(user, msg(MSG.loginSuccess));
            if (problem) {
              setFailure(problem);
              toast.error(msg(problem));
            }
          },
          onError: (err) => {
            const message = loginErrorMessage(err);
            setFailure(message);
            toast.error(msg(message));
          },
        },
      );
    },
    () => setFailure(null),
  );

  const busy = loginMutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('signIn.label')}>
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        aria-required
        {...register('email')}
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        aria-required
        {...register('password')}
      />
      <p className="-mt-2 text-right text-sm">
        <Link to={PATHS.forgotPassword} className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t('signIn.forgot')}
        </Link>
      </p>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          <Msg text={failure} />
        </p>
      ) : null}
      <button type="submit" className={`${primaryButton} w-full py-2.5`} disabled={busy}>
        {busy ? t('signIn.busy') : t('signIn.submit')}
      </button>
    </form>
  );
}
