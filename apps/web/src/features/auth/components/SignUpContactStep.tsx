import { TextField } from '../../../components/FormField';
import { useAuthT } from '../i18n';
import type { SignUpStepProps } from './useSignUpWizard';

/** Sign-up step 3: email and phone number (checked for being taken before step 4). */
export function SignUpContactStep({ bound }: SignUpStepProps) {
  const t = useAuthT();
  return (
    <>
      <TextField label={t('contact.email')} type="email" autoComplete="email" {...bound('email')} />
      <TextField
        label={t('contact.phone')}
        type="tel"
        autoComplete="tel"
        placeholder={t('contact.phonePlaceholder')}
        {...bound('phoneNumber')}
      />
    </>
  );
}
