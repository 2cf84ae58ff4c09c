import {
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useContext,
  useEffect,
  useId,
  useRef,
} from 'react';
import { MSG } from '@kiraya/contract/messages';
import { Msg, useMsg } from '../lib/useMsg';
import { useCommonT } from './i18n/common';

/**
 * The one set of field components (ADR 008): a visible label tied to the control, an optional hint, and an
 * error announced with it (aria-invalid, aria-describedby). They take plain props, so react-hook-form's
 * `register(name)` spreads onto them (also inside a field array: `register(`bills.${i}.amount`)`), and they
 * hold no form library themselves: the public pages may import them without pulling in react-hook-form.
 */

/**
 * The message a form already shows in its summary alert: a field whose error says the same thing is only
 * marked invalid, so the text is not repeated under every field.
 */
export const FormSummaryContext = createContext<string | null | undefined>(undefined);
/**
 * The step-wide texts the spec gives a wizard step with a missing field ("All fields are required", "Please fill all
 * required fields"): the summary says them once, and each missing field says its own name ("Title is required.").
 */
const STEP_REQUIRED: readonly string[] = [MSG.propertyStepRequired, MSG.propertyTypeRequired, MSG.roomStepRequired];
/** The error text to show under a field: its own name when it is missing, none when the summary already says it. */
export function useFieldErrorText(error?: string | null, label?: string): string | undefined {
  const summary = useContext(FormSummaryContext);
  const msg = useMsg();
  const t = useCommonT();
  if (!error) return undefined;
  if (label && STEP_REQUIRED.some((m) => error === m || error === msg(m))) return t('form.fieldRequired', { label });
  return error !== summary ? error : undefined;
}

/** Forms that set this keep the look the property and room forms have always had: flat inputs, hints in smaller type. */
export const CompactFieldsContext = createContext(false);

export const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600';
export const compactFieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 aria-[invalid=true]:border-red-600';
const useFieldClass = () => (useContext(CompactFieldsContext) ? compactFieldClass : fieldClass);
export const fieldLabelClass = 'mb-1 block text-sm font-medium text-slate-800';

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

export type Common = {
  label: string;
  hint?: ReactNode;
  /** The field's error; it marks the field invalid, and its text shows unless the form summary says the same. */
  error?: string | null;
  required?: boolean;
  /** Classes of the wrapper (grid spans and the like). */
  className?: string;
  id?: string;
};

/** The ids and aria attributes that tie a control to its label, hint and error. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | null | undefined, label?: string) {
  const auto = useId();
  const fieldId = id ?? auto;
  const text = useFieldErrorText(error, label);
  const describedBy = [hint ? `${fieldId}-hint` : '', text ? `${fieldId}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { fieldId, text, describedBy };
}

export function Wrapper({
  id,
  label,
  hint,
  text,
  required,
  className,
  children,
}: Omit<Common, 'error'> & { id: string; text?: string; children: ReactNode }) {
  const small = useContext(CompactFieldsContext);
  return (
    <div className={className}>
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
        <div id={`${id}-hint`} className={`mt-1 ${small ? 'text-xs' : 'text-sm'} text-slate-600`}>
          {hint}
        </div>
      ) : null}
      {text ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {/* The contract's rule or the server's answer, in the page's language (ADR 039). */}
          <Msg text={text} />
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input. */
export function TextField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { ref?: React.Ref<HTMLInputElement> }) {
  const { fieldId, text, describedBy } = useFieldIds(id, hint, error, label);
  const cls = useFieldClass();
  return (
    <Wrapper id={fieldId} label={label} hint={hint} text={text} required={required} className={className}>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        className={cls}
        {...rest}
      />
    </Wrapper>
  );
}

/** A labelled textarea. */
export function TextAreaField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  const { fieldId, text, describedBy } = useFieldIds(id, hint, error, label);
  const cls = useFieldClass();
  return (
    <Wrapper id={fieldId} label={label} hint={hint} text={text} required={required} className={className}>
      <textarea
        id={fieldId}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        className={cls}
        {...rest}
      />
    </Wrapper>
  );
}

/** A labelled select. */
export function SelectField({
  label,
  hint,
  error,
  required,
  className,
  id,
  children,
  ...rest
}: Common & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { ref?: React.Ref<HTMLSelectElement> }) {
  const { fieldId, text, describedBy } = useFieldIds(id, hint, error, label);
  const cls = useFieldClass();
  return (
    <Wrapper id={fieldId} label={label} hint={hint} text={text} required={required} className={className}>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        className={cls}
        {...rest}
      >
        {children}
      </select>
    </Wrapper>
  );
}

/**
 * A select's options: an optional first choice with the empty value (`empty`: "Any type"), then one option
 * per item, its value `value(item)` (the item itself by default) and its text `label(item)`.
 */
export function Options<T>({
  items,
  empty,
  value = String,
  label = String,
}: {
  items: readonly T[];
  empty?: string;
  value?: (item: T) => string;
  label?: (item: T) => ReactNode;
}) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {items.map((item) => (
        <option key={value(item)} value={value(item)}>
          {label(item)}
        </option>
      ))}
    </>
  );
}

/** Step n of total, with a progress bar. */
/**
 * "Step 2 of 4: Address", as the wizard's heading. On a step change focus moves to it (ADR 044): the person hears
 * the new step, Tab goes on to its first field, and focus never drops to the page behind a dialog when the button
 * that was pressed goes away or is disabled (Next becoming a Submit that waits for an image).
 */
export function StepIndicator({ step, total, title }: { step: number; total: number; title: string }) {
  const t = useCommonT();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <div className="mb-4">
      <h3
        ref={heading}
        tabIndex={-1}
        className="text-sm font-medium text-slate-700 outline-none focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {t.rich('form.step', { step, total, title: <span className="text-slate-900">{title}</span> })}
      </h3>
      <div className="mt-2 h-1.5 rounded-full bg-slate-200" aria-hidden="true">
        <div className="h-1.5 rounded-full bg-brand-700 transition-all" style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}

export type SafeParser = {
  safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
};
export type StepProblem = { message: string; fields: Record<string, string> };

/** Checks values with a contract schema: the first message, and which fields failed. */
export function checkStep(schema: SafeParser | undefined, values: unknown): StepProblem | null {
  if (!schema) return null;
  const r = schema.safeParse(values);
  if (r.success || !r.error) return null;
  const fields: Record<string, string> = {};
  for (const i of r.error.issues) fields[String(i.path[0])] ??= i.message;
  return { message: r.error.issues[0]?.message ?? MSG.invalidInput, fields };
}
