import { emptySignup, MSG, type SignupRole, type SignupValues, signupStepError, signupSteps, WIZARD_STEPS } from '@kiraya/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type FieldErrors, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, boundFields, useWizardForm } from '../../../components/form';
import { useMsg } from '../../../lib/useMsg';
import { checkAvailability, useLogin, useRegister } from '../api/auth';
import { useAuthT } from '../i18n';
import { signupErrorMessage } from '../messages';
import { useFinishSignIn } from './useFinishSignIn';
import { useUsernameAvailability } from './useUsernameAvailability';

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

/** What every sign-up step gets: the field registration and the form's errors. */
export type SignUpStepProps = {
  field: (name: keyof SignupValues) => UseFormRegisterReturn<keyof SignupValues>;
  /** `field(name)` with the field's error, for the shared field components. */
  bound: (name: keyof SignupValues) => UseFormRegisterReturn<keyof SignupValues> & { error?: string };
  errors: FieldErrors<SignupValues>;
};

/**
 * The state and actions of the sign-up wizard: the steps, the username and email/phone checks, focus on a new
 * step, registering and then signing in, and a server error sending the person back to its field's step.
 */
export function useSignUpWizard(onSignedUp: (email: string) => void, prefill: { email?: string; role?: 'owner' | 'tenant' } = {}) {
  const registerMutation = useRegister();
  const loginMutation = useLogin();
  const finish = useFinishSignIn();
  const t = useAuthT();
  const msg = useMsg();
  const [checking, setChecking] = useState(false);
  const stepRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const serverField = useRef<keyof SignupValues | null>(null);

  // Read by the step check below; the hook calls it with the current values.
  const usernameState = useRef({ taken: false, pending: false, message: '' });
  const { form, step, problem, setProblem, next, back, validate, setStep } = useWizardForm<SignupValues>({
    total: WIZARD_STEPS.signup,
    steps: signupSteps,
    defaultValues: { ...emptySignup, ...prefill },
    check: (s, v) => {
      const e = signupStepError(s - 1, v);
      if (e) return e;
      if (s === 2) {
        if (usernameState.current.taken) return usernameState.current.message || MSG.usernameTaken;
        if (usernameState.current.pending) return t('about.usernameWait');
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
  const availability = useUsernameAvailability(control);
  usernameState.current = { taken: availability.taken, pending: availability.pending, message: availability.message };

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
      { ...values, role: values.role as SignupRole },
      {
        onSuccess: async () => {
          const email = values.email.trim().toLowerCase();
          try {
            const { user } = await loginMutation.mutateAsync({ email, password: values.password });
            if (finish(user, msg(MSG.signupSuccess)) === null) return;
          } catch {
            // Signed up but not signed in (a limit, the network): the sign-in form opens with the email filled in.
          }
          toast.success(msg(MSG.signupSuccess));
          onSignedUp(email);
        },
        onError: (err) => {
          const message = signupErrorMessage(err);
          const name = applyServerErrors(err, setError, SIGNUP_FIELDS);
          toast.error(msg(message));
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

  const bound = boundFields(field, errors);
  return { step, index, problem, checking, busy, errors, role, availability, field, bound, stepRef, onSubmit, onBack };
}
