import { MSG } from '@kiraya/contract';
import { TextAreaField, TextField } from '../../../components/FormField';
import type { SignUpStepProps } from './useSignUpWizard';

/** Sign-up step 4: Aadhaar number and address. */
export function SignUpIdentityStep({ bound }: SignUpStepProps) {
  return (
    <>
      <TextField
        label="Aadhar number"
        inputMode="numeric"
        autoComplete="off"
        placeholder="12 digits"
        hint={MSG.aadhaarWhy}
        {...bound('aadharCardNumber')}
      />
      <TextAreaField label="Address" autoComplete="street-address" {...bound('address')} />
    </>
  );
}
