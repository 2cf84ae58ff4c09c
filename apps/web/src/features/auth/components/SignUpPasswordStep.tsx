import { TextField } from '../../../components/FormField';
import type { SignUpStepProps } from './useSignUpWizard';

/** Sign-up step 5: the password, twice. */
export function SignUpPasswordStep({ bound }: SignUpStepProps) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters, letters and digits, with at least one of each."
        {...bound('password')}
      />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...bound('confirmPassword')} />
    </>
  );
}
