import { MSG } from '@kiraya/contract/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { primaryButton, TextField } from '../../../components/FormField';
import { useLogin } from '../api/auth';
import { loginErrorMessage } from '../messages';
import { useFinishSignIn } from './useFinishSignIn';

/** Sign-in (spec 2, 4, 5, 8): email and password; on success the user goes back where they were, else to their dashboard. */
export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const loginMutation = useLogin();
  const finish = useFinishSignIn();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      email: email.trim() ? undefined : MSG.emailRequired,
      password: password ? undefined : MSG.passwordRequired,
    };
    setErrors(next);
    setFailure(null);
    if (next.email || next.password) return;
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: ({ user }) => {
          const problem = finish(user, MSG.loginSuccess);
          if (problem) {
            setFailure(problem);
            toast.error(problem);
          }
        },
        onError: (err) => {
          const message = loginErrorMessage(err);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  const busy = loginMutation.isPending;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        aria-required
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        aria-required
      />
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <button type="submit" className={`${primaryButton} w-full py-2.5`} disabled={busy}>
        {busy ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
