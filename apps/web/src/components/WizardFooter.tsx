import { useEffect, useRef } from 'react';
import { Msg } from '../lib/useMsg';
import { useCommonT } from './i18n/common';
import { useSharedT } from './i18n';

/**
 * The message line and Back / Next / Submit row shared by the property and room wizards. A step change moves focus
 * to the step's heading (`StepIndicator`); Submit is disabled while it sends, which drops focus to `<body>`, so when
 * the answer is a failure focus comes back to Submit, inside the dialog (ADR 044).
 */
export function WizardFooter({
  message,
  step,
  total,
  busy,
  canSubmit,
  onBack,
  onNext,
}: {
  message: string | null | undefined;
  step: number;
  total: number;
  busy: boolean;
  canSubmit: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const t = useCommonT();
  const names = useSharedT();
  const submit = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!busy && submit.current && (document.activeElement === document.body || document.activeElement === null)) submit.current.focus();
  }, [busy]);
  return (
    <>
      {message ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          <Msg text={message} />
        </p>
      ) : null}
      <div className="mt-6 flex items-center justify-between gap-3">
        <button
          type="button"
          onClick={onBack}
          disabled={step === 1 || busy}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:invisible"
        >
          {t('wizard.back')}
        </button>
        {step < total ? (
          <button type="button" onClick={onNext} className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
            {t('wizard.next')}
          </button>
        ) : (
          <button
            ref={submit}
            type="submit"
            disabled={!canSubmit || busy}
            aria-busy={busy}
            className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? t('wizard.submitting') : names('name.submit')}
          </button>
        )}
      </div>
    </>
  );
}
