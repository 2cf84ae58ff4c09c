import { emptySignup, MSG, type Role, type SignupValues, signupStepError, signupSteps, USERNAME_RE, WIZARD_STEPS } from '@kiraya/contract';
import { Building2, KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FormSummaryContext, primaryButton, secondaryButton, TextAreaField, TextField } from '../../../components/FormField';
import { applyServerErrors, useWizardForm } from '../../../components/form';
import { checkAvailability, useLogin, useRegister, useUsernameCheck } from '../api/auth';
import { signupErrorMessage } from '../messages';
import { useDebounced } from '../../../lib/useDebounced';
import { useFinishSignIn } from './useFinishSignIn';

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
const SIGNUP_FIELDS = Object.keys(FIELD_STEP) as (keyof SignupValues)[];

const STEP_TITLES = ['Choose your role', 'About you', 'How to reach you', 'Identity and address', 'Set a password'];

/**
 * The 5-step sign-up wizard (spec 2, 4, 5; B2). Each step marks all its wrong fields at once; a taken username
 * (step 2), email or phone (step 3) is told at its own step. The new account is then signed in; should that
 * fail, `onSignedUp` opens the sign-in form with the email filled in.
 */
export function SignUpWizard({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const finish = useFinishSignIn();
  const [checking, setChecking] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const serverField = useRef<keyof SignupValues | null>(null);

  // Read by the step check below; the hook calls it with the current values.
  const usernameState = useRef({ taken: false, pending: false, message: '' });
  const { form, step, problem, setProblem, next, back, validate, setStep } = useWizardForm<SignupValues>({
    total: WIZARD_STEPS.signup,
    steps: signupSteps,
    defaultValues: emptySignup,
    check: (s, v) => {
      const e = signupStepError(s - 1, v);
      if (e) return e;
      if (s === 2) {
        if (usernameState.current.taken) return usernameState.current.message || MSG.usernameTaken;
        if (usernameState.current.pending) return 'Checking whether this username is free. Please wait a moment.';
      }
      return null;
    },
  });
  const {
    register,
    control,
    setError,
    clearErrors,
    formState: { errors },
  } = form;
  const index = step - 1;

  const role = useWatch({ control, name: 'role' });
  const username = (useWatch({ control, name: 'username' }) ?? '').trim();
  const debounced = useDebounced(username, 400);
  const checkable = debounced !== '' && USERNAME_RE.test(debounced);
  const check = useUsernameCheck(checkable ? debounced : '');
  const usernameSettled = username === debounced && checkable && check.data !== undefined && !check.isFetching;
  const usernameTaken = usernameSettled && check.data?.available === false;
  usernameState.current = {
    taken: usernameTaken,
    pending: checkable && !usernameSettled && !check.isError,
    message: check.data?.message ?? '',
  };

  // Move focus to the first field of a new step (not on first render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!moved.current) return;
    stepRef.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [step]);

  /** Registers a field; typing into the field a server error named clears that error. */
  const field = (name: keyof SignupValues) =>
    register(name, {
      onChange: () => {
        if (serverField.current !== name) return;
        serverField.current = null;
        setProblem(null);
        clearErrors(name);
      },
    });

  const send = (values: SignupValues) =>
    registerMutation.mutate(
      { ...values, role: values.role as Role },
      {
        onSuccess: async () => {
          const email = values.email.trim().toLowerCase();
          try {
            const { user } = await loginMutation.mutateAsync({ email, password: values.password });
            if (finish(user, MSG.signupSuccess) === null) return;
          } catch {
            // Signed up but not signed in (a limit, the network): the sign-in form opens with the email filled in.
          }
          toast.success(MSG.signupSuccess);
          onSignedUp(email);
        },
        onError: (err) => {
          const message = signupErrorMessage(err);
          const name = applyServerErrors(err, setError, SIGNUP_FIELDS);
          toast.error(message);
          if (name !== undefined) {
            moved.current = true;
            serverField.current = name;
            setStep((FIELD_STEP[name] ?? index) + 1);
          }
          setProblem(message);
        },
      },
    );

  /** Step 3: a taken email or phone is said here, not after step 5 (a failed check lets the server say it at the end). */
  const nextFromContacts = async () => {
    if (!validate()) return;
    const { email, phoneNumber } = form.getValues();
    setChecking(true);
    try {
      const r = await checkAvailability({ email, phoneNumber });
      const taken = [
        ['email', r.email],
        ['phoneNumber', r.phoneNumber],
      ] as const;
      let first: string | null = null;
      for (const [name, answer] of taken) {
        if (answer && !answer.available) {
          setError(name, { type: 'server', message: answer.message }, { shouldFocus: first === null });
          serverField.current ??= name;
          first ??= answer.message;
        }
      }
      if (first) return setProblem(first);
    } catch {
      // Could not check now: sign-up itself refuses a taken email or phone and brings the person back here.
    } finally {
      setChecking(false);
    }
    setStep(step + 1);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    moved.current = true;
    if (step === 3) return nextFromContacts();
    if (step < WIZARD_STEPS.signup) return next();
    if (validate()) await form.handleSubmit(send)();
  };

  const onBack = () => {
    moved.current = true;
    serverField.current = null;
    back();
  };

  const busy = registerMutation.isPending || loginMutation.isPending;

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Sign up" className="space-y-5">
      <FormSummaryContext.Provider value={problem}>
        <div>
          <div className="flex items-center justify-between text-sm">
            <p className="font-semibold text-brand-700" aria-live="polite">
              Step {step} of {WIZARD_STEPS.signup}
            </p>
            <p className="text-slate-600">{STEP_TITLES[index]}</p>
          </div>
          <div className="mt-2 grid grid-cols-5 gap-1.5" aria-hidden="true">
            {STEP_TITLES.map((t, i) => (
              <span key={t} className={`h-1.5 rounded-full ${i <= index ? 'bg-brand-700' : 'bg-slate-200'}`} />
            ))}
          </div>
        </div>

        <div ref={stepRef} className="space-y-4">
          {index === 0 ? (
            <fieldset aria-invalid={errors.role ? true : undefined}>
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
          ) : null}

          {index === 1 ? (
            <>
              <TextField
                label="Username"
                autoComplete="username"
                error={errors.username?.message}
                aria-invalid={errors.username || usernameTaken ? true : undefined}
                hint={<UsernameStatus username={username} checkable={checkable} settled={usernameSettled} check={check} />}
                {...field('username')}
              />
              <TextField
                label="Full name"
                autoComplete="name"
                hint="As you write it: letters, spaces, dots, apostrophes or hyphens."
                error={errors.fullName?.message}
                {...field('fullName')}
              />
            </>
          ) : null}

          {index === 2 ? (
            <>
              <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...field('email')} />
              <TextField
                label="Phone number"
                type="tel"
                autoComplete="tel"
                placeholder="9876543210 or +91 9876543210"
                error={errors.phoneNumber?.message}
                {...field('phoneNumber')}
              />
            </>
          ) : null}

          {index === 3 ? (
            <>
              <TextField
                label="Aadhar number"
                inputMode="numeric"
                autoComplete="off"
                placeholder="12 digits"
                hint={MSG.aadhaarWhy}
                error={errors.aadharCardNumber?.message}
                {...field('aadharCardNumber')}
              />
              <TextAreaField label="Address" autoComplete="street-address" error={errors.address?.message} {...field('address')} />
            </>
          ) : null}

          {index === 4 ? (
            <>
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                error={errors.password?.message}
                hint="At least 6 characters, letters and digits, with at least one of each."
                {...field('password')}
              />
              <TextField
                label="Confirm password"
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
                {...field('confirmPassword')}
              />
            </>
          ) : null}
        </div>

        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {problem}
          </p>
        ) : null}

        <div className="flex items-center justify-between gap-3">
          <button type="button" className={secondaryButton} onClick={onBack} disabled={step === 1 || busy}>
            Back
          </button>
          {step < WIZARD_STEPS.signup ? (
            <button type="submit" className={primaryButton} disabled={checking}>
              {checking ? 'Checking...' : 'Next'}
            </button>
          ) : (
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Submitting...' : 'Submit'}
            </button>
          )}
        </div>
      </FormSummaryContext.Provider>
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
