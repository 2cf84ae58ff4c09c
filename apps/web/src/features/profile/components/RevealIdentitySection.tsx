import { MSG, type RevealedIdentity, type RevealIdentityBody, revealIdentityBodySchema } from '@kiraya/contract';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useRevealIdentity } from '../api/profile';
import { useProfileT } from '../i18n';

const EMPTY: RevealIdentityBody = { currentPassword: '' };

/**
 * Profile's "Show" (ADR 043): every answer masks the Aadhaar number and the PAN (the app keeps the user in local
 * storage); the full numbers are asked for with the password (`POST /users/reveal-identity`) and kept in this
 * component's state only, until Hide or leaving the page.
 */
export function RevealIdentitySection({ owner }: { owner: boolean }) {
  const t = useProfileT();
  const msg = useMsg();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<RevealedIdentity | null>(null);
  const reveal = useRevealIdentity();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RevealIdentityBody>({
    resolver: contractResolver<RevealIdentityBody>(revealIdentityBodySchema, { raw: false }),
    defaultValues: EMPTY,
  });
  const close = () => {
    reset(EMPTY);
    setShown(null);
    setOpen(false);
  };
  const onSubmit = handleSubmit((values) =>
    reveal.mutate(values, {
      onSuccess: (identity) => {
        reset(EMPTY);
        setShown(identity);
      },
      onError: (err) => {
        if (!applyServerErrors(err, setError, ['currentPassword']))
          toast.error(msg(err instanceof ApiError && err.status > 0 ? err.message : MSG.unexpected));
      },
    }),
  );

  return (
    <section aria-labelledby="reveal-identity" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="reveal-identity" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Eye aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('reveal.heading')}
      </h2>
      {shown ? (
        <>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">{t('reveal.aadhaar')}</dt>
              <dd className="font-mono text-slate-900">{shown.aadharCardNumber.replace(/(\d{4})(?=\d)/g, '$1 ')}</dd>
            </div>
            {owner ? (
              <div>
                <dt className="text-sm text-slate-600">{t('reveal.pan')}</dt>
                <dd className="font-mono text-slate-900">{shown.pan ?? t('view.panMissing')}</dd>
              </div>
            ) : null}
          </dl>
          <button type="button" className={`${secondaryButton} mt-4`} onClick={close}>
            {t('reveal.hide')}
          </button>
        </>
      ) : open ? (
        <form noValidate onSubmit={onSubmit} aria-label={t('reveal.form')} className="mt-4 space-y-4">
          <TextField
            label={t('reveal.password')}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message && msg(errors.currentPassword.message)}
            {...register('currentPassword')}
          />
          <div className="flex flex-wrap gap-3 pt-2">
            <button type="submit" className={primaryButton} disabled={reveal.isPending}>
              {reveal.isPending ? t('reveal.showing') : t('reveal.show')}
            </button>
            <button type="button" className={secondaryButton} onClick={close} disabled={reveal.isPending}>
              {t('password.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">{t('reveal.note')}</p>
          <button type="button" className={`${secondaryButton} mt-4`} onClick={() => setOpen(true)}>
            {t('reveal.open')}
          </button>
        </>
      )}
    </section>
  );
}
