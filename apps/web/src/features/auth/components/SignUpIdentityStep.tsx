import { MSG } from '@kiraya/contract';
import { TextAreaField, TextField } from '../../../components/FormField';
import { useMsg } from '../../../lib/useMsg';
import { useAuthT } from '../i18n';
import type { SignUpStepProps } from './useSignUpWizard';

/** Sign-up step 4: Aadhaar number and address. */
export function SignUpIdentityStep({ bound }: SignUpStepProps) {
  const t = useAuthT();
  const msg = useMsg();
  return (
    <>
      <TextField
        label={t('identity.aadhaar')}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('identity.aadhaarPlaceholder')}
        hint={msg(MSG.aadhaarWhy)}
        {...bound('aadharCardNumber')}
      />
      <TextAreaField label={t('identity.address')} autoComplete="street-address" {...bound('address')} />
    </>
  );
}
