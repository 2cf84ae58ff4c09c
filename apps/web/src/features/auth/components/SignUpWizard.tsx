import { WIZARD_STEPS } from '@kiraya/contract';
import { FormSummaryContext, primaryButton, secondaryButton } from '../../../components/FormField';
import { Msg } from '../../../lib/useMsg';
import { useAuthT } from '../i18n';
import { SignUpAboutStep } from './SignUpAboutStep';
import { SignUpContactStep } from './SignUpContactStep';
import { SignUpIdentityStep } from './SignUpIdentityStep';
import { SignUpPasswordStep } from './SignUpPasswordStep';
import { SignUpRoleStep } from './SignUpRoleStep';
import { useSignUpWizard } from './useSignUpWizard';

const STEP_TITLES = ['signUp.step1', 'signUp.step2', 'signUp.step3', 'signUp.step4', 'signUp.step5'] as const;

/**
 * The 5-step sign-up wizard (spec 2, 4, 5; B2). Each step marks all its wrong fields at once; a taken username
 * (step 2), email or phone (step 3) is told at its own step. The new account is then signed in; should that
 * fail, `onSignedUp` opens the sign-in form with the email filled in.
 */
export function SignUpWizard({
  onSignedUp,
  prefill,
}: {
  onSignedUp: (email: string) => void;
  /** From a sign-up link (an invitation by email): the address and the role filled in. */
  prefill?: { email?: string; role?: 'owner' | 'tenant' };
}) {
  const t = useAuthT();
  const { step, index, problem, checking, busy, errors, role, availability, field, bound, stepRef, onSubmit, onBack } = useSignUpWizard(
    onSignedUp,
    prefill,
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('signUp.label')} className="space-y-5">
      <FormSummaryContext.Provider value={problem}>
        <div>
          <div className="flex items-center justify-between text-sm">
            <p className="font-semibold text-brand-700" aria-live="polite">
              {t('signUp.step', { step, total: WIZARD_STEPS.signup })}
            </p>
            <p className="text-slate-600">{t(STEP_TITLES[index] ?? 'signUp.step1')}</p>
          </div>
          <div className="mt-2 grid grid-cols-5 gap-1.5" aria-hidden="true">
            {STEP_TITLES.map((id, i) => (
              <span key={id} className={`h-1.5 rounded-full ${i <= index ? 'bg-brand-700' : 'bg-slate-200'}`} />
            ))}
          </div>
        </div>

        <div ref={stepRef} className="space-y-4">
          {index === 0 ? <SignUpRoleStep field={field} bound={bound} errors={errors} role={role} /> : null}
          {index === 1 ? <SignUpAboutStep field={field} bound={bound} errors={errors} availability={availability} /> : null}
          {index === 2 ? <SignUpContactStep field={field} bound={bound} errors={errors} /> : null}
          {index === 3 ? <SignUpIdentityStep field={field} bound={bound} errors={errors} /> : null}
          {index === 4 ? <SignUpPasswordStep field={field} bound={bound} errors={errors} /> : null}
        </div>

        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            <Msg text={problem} />
          </p>
        ) : null}

        <div className="flex items-center justify-between gap-3">
          <button type="button" className={secondaryButton} onClick={onBack} disabled={step === 1 || busy}>
            {t('signUp.back')}
          </button>
          {step < WIZARD_STEPS.signup ? (
            <button type="submit" className={primaryButton} disabled={checking}>
              {checking ? t('signUp.checking') : t('signUp.next')}
            </button>
          ) : (
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? t('signUp.submitting') : t('signUp.submit')}
            </button>
          )}
        </div>
      </FormSummaryContext.Provider>
    </form>
  );
}
