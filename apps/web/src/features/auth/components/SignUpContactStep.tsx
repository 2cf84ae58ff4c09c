import { TextField } from '../../../components/FormField';
import type { SignUpStepProps } from './useSignUpWizard';

/** Sign-up step 3: email and phone number (checked for being taken before step 4). */
export function SignUpContactStep({ bound }: SignUpStepProps) {
  return (
    <>
      <TextField label="Email" type="email" autoComplete="email" {...bound('email')} />
      <TextField label="Phone number" type="tel" autoComplete="tel" placeholder="9876543210 or +91 9876543210" {...bound('phoneNumber')} />
    </>
  );
}
