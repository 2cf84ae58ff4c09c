import { TextField } from '../../../components/FormField';
import { useAuthT } from '../i18n';
import type { SignUpStepProps } from './useSignUpWizard';

/** Sign-up step 5: the password, twice. */
export function SignUpPasswordStep({ bound }: SignUpStepProps) {
  const t = useAuthT();
  return (
    <>
      <TextField
        label={t('password.password')}
        type="password"
        autoComplete="new-password"
        hint={t('password.hint')}
        {...bound('password')}
      />
      <TextField label={t('password.confirm')} type="password" autoComplete="new-password" {...bound('confirmPassword')} />
    </>
  );
}
