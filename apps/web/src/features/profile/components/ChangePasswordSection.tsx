import { type ChangePasswordBody, changePasswordBodySchema, MSG } from '@kiraya/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useChangePassword } from '../api/profile';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Profile's "Change password": the current password and the new one twice, checked by the contract's
 * schema here and again by the server (`POST /users/change-password`), which keeps this login and signs
 * out every other device.
 */
export function ChangePasswordSection() {
  const [open, setOpen] = useState(false);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordBody>({
    resolver: contractResolver<ChangePasswordBody>(changePasswordBodySchema, { raw: false }),
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    setOpen(false);
  };
  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(MSG.passwordChanged);
        close();
      },
      onError: (err) => {
        // A wrong current password is said at its field; anything else (too many tries, offline) as a toast.
        if (!applyServerErrors(err, setError, FIELDS))
          toast.error(err instanceof ApiError && err.status > 0 ? err.message : MSG.unexpected);
      },
    }),
  );

  return (
    <section aria-labelledby="change-password" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="change-password" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="h-5 w-5 text-brand-700" />
        Password
      </h2>
      {open ? (
        <form noValidate onSubmit={onSubmit} aria-label="Change password" className="mt-4 space-y-4">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 6 characters, letters and digits, with at least one of each."
              error={errors.newPassword?.message}
              {...register('newPassword')}
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </div>
          <div className="flex flex-wrap gap-3 pt-2">
            <button type="submit" className={primaryButton} disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </button>
            <button type="button" className={secondaryButton} onClick={close} disabled={change.isPending}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">Changing it signs you out on your other devices; you stay signed in here.</p>
          <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setOpen(true)}>
            Change password
          </button>
        </>
      )}
    </section>
  );
}
