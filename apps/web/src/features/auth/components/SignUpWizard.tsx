import { emptySignup, MSG, type Role, type SignupValues, signupStepError, USERNAME_RE, WIZARD_STEPS } from '@kiraya/contract';
import { Building2, KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { primaryButton, secondaryButton, TextAreaField, TextField } from '../../../components/TextField';
import { ApiError } from '../../../lib/api';
import { useRegister, useUsernameCheck } from '../api/auth';
import { signupErrorMessage } from '../messages';
import { useDebounced } from '../../../lib/useDebounced';

const LAST = WIZARD_STEPS.signup - 1;

/** Which step (0-based) holds a field, so a server 409 can send the person back to it. */
const FIELD_STEP: Record<string, number> = {
  role: 0,
  username: 1,
  fullName: 1,
  email: 2,
  phoneNumber: 2,
  aadharCardNumber: 3,
  address: 3,
  password: 4,
  confirmPassword: 4,
};

const STEP_TITLES = ['Choose your role', 'About you', 'How to reach you', 'Identity and address', 'Set a password'];

/** The 5-step sign-up wizard (spec 2, 4, 5; B2). */
export function SignUpWizard({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<SignupValues>(emptySignup);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const registerMutation = useRegister();
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  const username = values.username.trim();
  const debounced = useDebounced(username, 400);
  const checkable = debounced !== '' && USERNAME_RE.test(debounced);
  const check = useUsernameCheck(checkable ? debounced : '');
  const usernameSettled = username === debounced && checkable && check.data !== undefined && !check.isFetching;
  const usernameTaken = usernameSettled && check.data?.available === false;

  // Move focus to the first field of a new step (not on first render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!moved.current) return;
    stepRef.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [step]);

  const set = (field: keyof SignupValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (error?.field === field) setError(null);
  };

  const go = (to: number) => {
    moved.current = true;
    setError(null);
    setStep(Math.min(LAST, Math.max(0, to)));
  };

  const stepError = (s: number): string | null => {
    const e = signupStepError(s, values);
    if (e) return e;
    if (s === 1) {
      if (usernameTaken) return check.data?.message || MSG.usernameTaken;
      if (checkable && !usernameSettled && !check.isError) return 'Checking whether this username is free. Please wait a moment.';
    }
    return null;
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const message = stepError(step);
    if (message) {
      setError({ message });
      return;
    }
    if (step < LAST) {
      go(step + 1);
      return;
    }
    registerMutation.mutate(
      { ...values, role: values.role as Role },
      {
        onSuccess: () => {
          toast.success(MSG.signupSuccess);
          onSignedUp(values.email.trim().toLowerCase());
        },
        onError: (err) => {
          const message = signupErrorMessage(err);
          const field = err instanceof ApiError ? err.errors.find((x) => x.path && x.path in FIELD_STEP)?.path : undefined;
          toast.error(message);
          if (field !== undefined) {
            moved.current = true;
            setStep(FIELD_STEP[field] ?? step);
          }
          setError({ message, field });
        },
      },
    );
  };

  const busy = registerMutation.isPending;
  const invalid = (field: keyof SignupValues) => (error?.field === field ? true : undefined);

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign up" className="space-y-5">
      <div>
        <div className="flex items-center justify-between text-sm">
          <p className="font-semibold text-brand-700" aria-live="polite">
            Step {step + 1} of {WIZARD_STEPS.signup}
          </p>
          <p className="text-slate-600">{STEP_TITLES[step]}</p>
        </div>
        <div className="mt-2 grid grid-cols-5 gap-1.5" aria-hidden="true">
          {STEP_TITLES.map((t, i) => (
            <span key={t} className={`h-1.5 rounded-full ${i <= step ? 'bg-brand-700' : 'bg-slate-200'}`} />
          ))}
        </div>
      </div>

      <div ref={stepRef} className="space-y-4">
        {step === 0 ? (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">I want to join as</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {(
                [
                  { value: 'owner', label: 'House Owner', text: 'List properties and rooms, bill tenants.', Icon: Building2 },
                  { value: 'tenant', label: 'Tenant', text: 'Find a room, pay rent online.', Icon: KeyRound },
                ] as const
              ).map(({ value, label, text, Icon }) => (
                <label
                  key={value}
                  className={`flex cursor-pointer flex-col gap-1 rounded-xl border-2 p-4 transition has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-700 ${
                    values.role === value ? 'border-brand-700 bg-brand-50' : 'border-slate-200 hover:border-slate-300'
                  }`}
                >
                  <input
                    type="radio"
                    name="role"
                    value={value}
                    checked={values.role === value}
                    onChange={set('role')}
                    className="sr-only"
                  />
                  <Icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                  <span className="font-semibold text-slate-900">{label}</span>
                  <span className="text-sm text-slate-600">{text}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {step === 1 ? (
          <>
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              value={values.username}
              onChange={set('username')}
              aria-invalid={invalid('username') ?? (usernameTaken ? true : undefined)}
              hint={<UsernameStatus username={username} checkable={checkable} settled={usernameSettled} check={check} />}
            />
            <TextField label="Full name" name="fullName" autoComplete="name" value={values.fullName} onChange={set('fullName')} />
          </>
        ) : null}

        {step === 2 ? (
          <>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              aria-invalid={invalid('email')}
            />
            <TextField
              label="Phone number"
              type="tel"
              name="phoneNumber"
              autoComplete="tel"
              placeholder="9876543210 or +91 9876543210"
              value={values.phoneNumber}
              onChange={set('phoneNumber')}
              aria-invalid={invalid('phoneNumber')}
            />
          </>
        ) : null}

        {step === 3 ? (
          <>
            <TextField
              label="Aadhar number"
              name="aadharCardNumber"
              inputMode="numeric"
              autoComplete="off"
              placeholder="12 digits"
              value={values.aadharCardNumber}
              onChange={set('aadharCardNumber')}
              aria-invalid={invalid('aadharCardNumber')}
            />
            <TextAreaField label="Address" name="address" autoComplete="street-address" value={values.address} onChange={set('address')} />
          </>
        ) : null}

        {step === 4 ? (
          <>
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              hint="At least 6 characters, letters and digits, with at least one of each."
            />
            <TextField
              label="Confirm password"
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
            />
          </>
        ) : null}
      </div>

      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error.message}
        </p>
      ) : null}

      <div className="flex items-center justify-between gap-3">
        <button type="button" className={secondaryButton} onClick={() => go(step - 1)} disabled={step === 0 || busy}>
          Back
        </button>
        {step < LAST ? (
          <button type="submit" className={primaryButton}>
            Next
          </button>
        ) : (
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Submitting...' : 'Submit'}
          </button>
        )}
      </div>
    </form>
  );
}

function UsernameStatus({
  username,
  checkable,
  settled,
  check,
}: {
  username: string;
  checkable: boolean;
  settled: boolean;
  check: ReturnType<typeof useUsernameCheck>;
}) {
  let text = '3 to 30 letters, digits, dots, underscores or hyphens.';
  let tone = '';
  if (username !== '' && !USERNAME_RE.test(username)) text = MSG.usernameFormat;
  else if (username !== '' && check.isError) text = 'Could not check this username right now.';
  else if (username !== '' && (!checkable || !settled)) text = 'Checking availability...';
  else if (username !== '' && check.data) {
    text = check.data.message;
    tone = check.data.available ? 'font-medium text-brand-700' : 'font-medium text-red-700';
  }
  return (
    <span aria-live="polite" className={tone}>
      {text}
    </span>
  );
}
