import type { SignupValues } from '@kiraya/contract';
import { Building2, KeyRound } from 'lucide-react';
import { useAuthT } from '../i18n';
import type { SignUpStepProps } from './useSignUpWizard';
import { useSharedT } from '../../../components/i18n';

/** Sign-up step 1: owner or tenant. */
export function SignUpRoleStep({ field, errors, role }: SignUpStepProps & { role: SignupValues['role'] }) {
  const t = useAuthT();
  const names = useSharedT();
  return (
    <fieldset aria-invalid={errors.role ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t('role.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {(
          [
            { value: 'owner', label: names('name.houseOwner'), text: t('role.ownerText'), Icon: Building2 },
            { value: 'tenant', label: names('name.tenant'), text: t('role.tenantText'), Icon: KeyRound },
          ] as const
        ).map(({ value, label, text, Icon }) => (
          <label
            key={value}
            className={`flex cursor-pointer flex-col gap-1 rounded-xl border-2 p-4 transition has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-700 ${
              role === value ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:border-slate-300'
            }`}
          >
            <input type="radio" value={value} className="sr-only" {...field('role')} />
            <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <span className="font-semibold text-slate-900">{label}</span>
            <span className="text-sm text-slate-600">{text}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
