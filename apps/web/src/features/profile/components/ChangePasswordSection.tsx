import { type ChangePasswordBody, changePasswordBodySchema, MSG } from '@kiraya/contract';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useChangePassword } from '../api/profile';
import { useProfileT } from '../i18n';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Profile's "Change password": the current password and the new one twice, checked by the contract's
 * schema here and again by the server (`POST /users/change-password`), which keeps this login and signs
 * out every other device.
 */
export function ChangePasswordSection() {
  const t = useProfileT();
  const msg = useMsg();
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
        toast.success(msg(MSG.passwordChanged));
        close();
      },
      onError: (err) => {
        // A wrong current password is said at its field; anything else (too many tries, offline) as a toast.
        if (!applyServerErrors(err, setError, FIELDS))
          toast.error(msg(err instanceof ApiError && err.status > 0 ? err.message : MSG.unexpected));
      },
    }),
  );

  return (
    <section aria-labelledby="change-password" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="change-password" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('password.heading')}
      </h2>
      {open ? (
        <form noValidate onSubmit={onSubmit} aria-label={t('password.form')} className="mt-4 space-y-4">
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message && msg(errors.currentPassword.message)}
            {...register('currentPassword')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('password.new')}
              type="password"
              autoComplete="new-password"
              hint={t('password.newHint')}
              error={errors.newPassword?.message && msg(errors.newPassword.message)}
              {...register('newPassword')}
            />
            <TextField
              label={t('password.confirm')}
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message && msg(errors.confirmPassword.message)}
              {...register('confirmPassword')}
            />
          </div>
          <div className="flex flex-wrap gap-3 pt-2">
            <button type="submit" className={primaryButton} disabled={change.isPending}>
              {change.isPending ? t('password.changing') : t('password.change')}
            </button>
            <button type="button" className={secondaryButton} onClick={close} disabled={change.isPending}>
              {t('password.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">{t('password.note')}</p>
          <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setOpen(true)}>
            {t('password.change')}
          </button>
        </>
      )}
    </section>
  );
}
