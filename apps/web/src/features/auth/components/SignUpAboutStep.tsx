import { MSG, USERNAME_RE } from '@kiraya/contract';
import { TextField } from '../../../components/FormField';
import { useMsg } from '../../../lib/useMsg';
import { useAuthT } from '../i18n';
import type { SignUpStepProps } from './useSignUpWizard';
import type { UsernameAvailability } from './useUsernameAvailability';

/** Sign-up step 2: a username, checked while typing, and the full name. */
export function SignUpAboutStep({ bound, errors, availability }: SignUpStepProps & { availability: UsernameAvailability }) {
  const t = useAuthT();
  const { username, checkable, settled, check, taken } = availability;
  return (
    <>
      <TextField
        label={t('about.username')}
        autoComplete="username"
        aria-invalid={errors.username || taken ? true : undefined}
        hint={<UsernameStatus username={username} checkable={checkable} settled={settled} check={check} />}
        {...bound('username')}
      />
      <TextField label={t('about.fullName')} autoComplete="name" hint={t('about.fullNameHint')} {...bound('fullName')} />
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
  const t = useAuthT();
  const msg = useMsg();
  let text = t('about.usernameRule');
  let tone = '';
  if (username !== '' && !USERNAME_RE.test(username)) text = msg(MSG.usernameFormat);
  else if (username !== '' && check.isError) text = t('about.usernameCheckFailed');
  else if (username !== '' && (!checkable || !settled)) text = t('about.usernameChecking');
  else if (username !== '' && check.data) {
    // The server's answer, already in the page's language; msg() for an answer kept from before a switch.
    text = msg(check.data.message);
    tone = check.data.available ? 'font-medium text-brand-700' : 'font-medium text-red-700';
  }
  return (
    <span aria-live="polite" className={tone}>
      {text}
    </span>
  );
}
