import { TextField } from '../../../components/FormField';
import type { SignUpStepProps } from './useSignUpWizard';

/** Sign-up step 5: the password, twice. */
export function SignUpPasswordStep({ field, errors }: SignUpStepProps) {
  return (
    <>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        hint="At least 6 characters, letters and digits, with at least one of each."
        {...field('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...field('confirmPassword')}
      />
    </>
  );
}
