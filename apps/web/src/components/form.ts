import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormSetError,
  get,
  useForm,
} from 'react-hook-form';
import type { ZodType } from 'zod';
import { ApiError } from '../lib/api';
import { checkStep } from './FormField';

/**
 * The one way to build a form (ADR 008): react-hook-form holds the values, the contract's zod schema
 * checks them through the zod resolver, and the API's field errors land on their fields.
 * Only signed-in pages and the auth page (its own lazy route chunk) import this module (it carries react-hook-form and zod).
 */

/**
 * The zod resolver over a contract schema. With `raw` (the default) the submit handler gets the values as typed
 * (strings, for multipart bodies); without it, the schema's output (trimmed, normalised) as a JSON body wants.
 */
// biome-ignore lint/suspicious/noExplicitAny: the resolver is generic over the form's values
export const contractResolver = <T extends FieldValues>(schema: ZodType<any, any>, { raw = true }: { raw?: boolean } = {}): Resolver<T> =>
  (raw ? zodResolver(schema as never, undefined, { raw: true }) : zodResolver(schema as never)) as unknown as Resolver<T>;

/**
 * Puts the API error envelope's `errors: [{ path, message }]` on the form's fields (only the fields the form
 * has, so paths such as `bills.1.amount` of a field array work too). Answers the first field it set.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): FieldPath<T> | undefined {
  if (!(err instanceof ApiError)) return undefined;
  let first: FieldPath<T> | undefined;
  for (const fe of err.errors) {
    const known = fields.some((f) => fe.path === f || fe.path.startsWith(`${f}.`));
    if (!known) continue;
    const path = fe.path as FieldPath<T>;
    setError(path, { type: 'server', message: fe.message }, { shouldFocus: first === undefined });
    first ??= path;
  }
  return first;
}

/** Keeps only what `keep` lets through as the person types (digits of a pincode, say), before the form reads it. */
export function filtered<R extends UseFormRegisterReturn>(reg: R, keep: (value: string) => string): R {
  return {
    ...reg,
    onChange: (e: { target: { value: string } }) => {
      e.target.value = keep(e.target.value);
      return reg.onChange(e);
    },
  };
}

/**
 * A field's registration with its error message, to spread onto the shared field components (FormField.tsx):
 * `const bound = boundFields(register, errors)` then `<TextField label="Email" {...bound('email')} />`.
 */
export function boundFields<T extends FieldValues>(
  register: (name: FieldPath<T>) => UseFormRegisterReturn<FieldPath<T>>,
  errors: FieldErrors<T>,
): (name: FieldPath<T>) => UseFormRegisterReturn<FieldPath<T>> & { error?: string } {
  return (name) => ({ ...register(name), error: (get(errors, name) as FieldError | undefined)?.message });
}

type Steps = readonly (ZodType | undefined)[];

/**
 * A wizard over one react-hook-form form (spec 4): step `n` (1-based) is checked with `steps[n - 1]`
 * through the zod resolver; Next moves on only from a valid step, Back returns, the counter stays
 * within 1..total. `problem` is the step's message (the first failing rule, or what `check` says first).
 */
export function useWizardForm<T extends FieldValues>({
  total,
  steps,
  defaultValues,
  check,
  markFields = true,
}: {
  total: number;
  steps: Steps;
  defaultValues: DefaultValues<T>;
  /** A message that stops the step before the schema's own (for example "All fields are required."). */
  check?: (step: number, values: T) => string | null;
  /** Whether a failed step marks its fields (the property and room wizards) or only says so in the summary (sign-up). */
  markFields?: boolean;
}) {
  const stepRef = useRef(1);
  const [step, setStepState] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<T>({
    defaultValues,
    resolver: (values, context, options) => {
      const schema = steps[stepRef.current - 1];
      return schema ? contractResolver<T>(schema)(values, context, options) : { values, errors: {} };
    },
  });

  const goTo = (n: number) => {
    const to = Math.min(total, Math.max(1, n));
    stepRef.current = to;
    setStepState(to);
  };

  /**
   * Checks the current step; answers true when it may be left (or submitted). The summary and the step move
   * are decided at once from the step's schema; the zod resolver then marks the failing fields.
   */
  const validate = (): boolean => {
    const values = form.getValues();
    const message = check?.(stepRef.current, values) ?? checkStep(steps[stepRef.current - 1], values)?.message ?? null;
    setProblem(message);
    if (message === null) form.clearErrors();
    else if (markFields) void form.trigger(undefined, { shouldFocus: false });
    return message === null;
  };

  const next = () => {
    if (validate()) goTo(stepRef.current + 1);
  };
  const back = () => {
    setProblem(null);
    form.clearErrors();
    goTo(stepRef.current - 1);
  };
  /** Sends the person to a step (a server error on one of its fields, say), keeping the form's errors. */
  const setStep = (n: number) => goTo(n);

  return { form, step, problem, setProblem, next, back, validate, setStep };
}

/** A random UUID v4; `crypto.randomUUID` exists only on secure origins (not on a plain-http LAN address). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The idempotency key of a creating form (issue 19): one per submission attempt, the same for every click
 * and retry until the form succeeds (`done`) or is reset, so the server creates the object once.
 */
export function useSubmissionKey(): { key: () => string; done: () => void } {
  const ref = useRef<string | null>(null);
  return {
    key: () => {
      ref.current ??= newUuid();
      return ref.current;
    },
    done: () => {
      ref.current = null;
    },
  };
}
