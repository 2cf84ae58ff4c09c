import { MSG, USERNAME_RE } from '@kiraya/contract';
import { TextField } from '../../../components/FormField';
import type { SignUpStepProps } from './useSignUpWizard';
import type { UsernameAvailability } from './useUsernameAvailability';

/** Sign-up step 2: a username, checked while typing, and the full name. */
export function SignUpAboutStep({ bound, errors, availability }: SignUpStepProps & { availability: UsernameAvailability }) {
  const { username, checkable, settled, check, taken } = availability;
  return (
    <>
      <TextField
        label="Username"
        autoComplete="username"
        aria-invalid={errors.username || taken ? true : undefined}
        hint={<UsernameStatus username={username} checkable={checkable} settled={settled} check={check} />}
        {...bound('username')}
      />
      <TextField
        label="Full name"
        autoComplete="name"
        hint="As you write it: letters, spaces, dots, apostrophes or hyphens."
        {...bound('fullName')}
      />
    </>
  );
}

function UsernameStatus({
  username,
  checkable,
  settled,
  check,
}: {
  username: string;
  checkable: boolean;
  settled: boolean;
  check: UsernameAvailability['check'];
}) {
  let text = '3 to 30 letters, digits, dots, underscores or hyphens.';
  let tone = '';
  if (username !== '' && !USERNAME_RE.test(username)) text = MSG.usernameFormat;
  else if (username !== '' && check.isError) text = 'Could not check this username right now.';
  else if (username !== '' && (!checkable || !settled)) text = 'Checking availability...';
  else if (username !== '' && check.data) {
    text = check.data.message;
    tone = check.data.available ? 'font-medium text-brand-700' : 'font-medium text-red-700';
  }
  return (
    <span aria-live="polite" className={tone}>
      {text}
    </span>
  );
}
