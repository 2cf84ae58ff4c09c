import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useContext,
  useId,
  useState,
} from 'react';

/**
 * The message a form already shows in its summary alert: a field whose error says the same thing is only
 * marked invalid, so the text is not repeated under every field.
 */
export const FormSummaryContext = createContext<string | undefined>(undefined);
/** The error text to show under a field (none when the summary already says it). */
export function useFieldErrorText(error?: string): string | undefined {
  const summary = useContext(FormSummaryContext);
  return error && error !== summary ? error : undefined;
}

export const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 aria-[invalid=true]:border-red-600';
export const fieldLabelClass = 'mb-1 block text-sm font-medium text-slate-800';

type Common = { label: string; hint?: ReactNode; error?: string; required?: boolean };

function Wrapper({ id, label, hint, error, required, children }: Common & { id: string; children: ReactNode }) {
  const text = useFieldErrorText(error);
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {text ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {text}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, hint?: ReactNode, error?: string) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** A labelled text input. */
export function TextField({ label, hint, error, required, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={fieldClass}
        {...rest}
      />
    </Wrapper>
  );
}

/** A labelled textarea. */
export function TextAreaField({ label, hint, error, required, ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={fieldClass}
        {...rest}
      />
    </Wrapper>
  );
}

/** A labelled select. */
export function SelectField({ label, hint, error, required, children, ...rest }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={fieldClass}
        {...rest}
      >
        {children}
      </select>
    </Wrapper>
  );
}

/** Step n of total, with a progress bar. */
export function StepIndicator({ step, total, title }: { step: number; total: number; title: string }) {
  return (
    <div className="mb-4">
      <p className="text-sm font-medium text-slate-700">
        Step {step} of {total}: <span className="text-slate-900">{title}</span>
      </p>
      <div className="mt-2 h-1.5 rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-1.5 rounded-full bg-brand-700 transition-all" style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}

type SafeParser = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };
export type StepProblem = { message: string; fields: Record<string, string> };

/** Checks one wizard step with its contract schema: the first message, and which fields failed. */
export function checkStep(schema: SafeParser | undefined, values: unknown): StepProblem | null {
  if (!schema) return null;
  const r = schema.safeParse(values);
  if (r.success || !r.error) return null;
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[String(i.path[0])] ??= i.message;
  return { message: r.error.issues[0]?.message ?? 'Some of the information is not valid.', fields };
}

/**
 * Step state of a wizard (spec 4): Next only on a valid step (checked with the step's contract
 * schema), Back returns, the counter stays within 1..total.
 */
export function useWizardSteps(total: number, steps: readonly (SafeParser | undefined)[], values: unknown) {
  const [step, setStep] = useState(1);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const clamp = (n: number) => Math.min(total, Math.max(1, n));
  const next = () => {
    const p = checkStep(steps[step - 1], values);
    setProblem(p);
    if (!p) setStep((s) => clamp(s + 1));
  };
  const back = () => {
    setProblem(null);
    setStep((s) => clamp(s - 1));
  };
  return { step, problem, setProblem, next, back };
}
