import { type ConfirmPhoneCodeBody, confirmPhoneCodeBodySchema, MSG } from '@kiraya/contract';
import { BadgeCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextField } from '../../../components/FormField';
import { errorMessage } from '../../../lib/api';
import { formatPhone } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useMsg } from '../../../lib/useMsg';
import { useVerificationT } from '../i18n';
import { useConfirmPhoneCode, useSendPhoneCode } from '../api/verification';

const FIELDS = ['code'] as const;

/**
 * Profile's "Verify phone" (issue 26 item 2, ADR 033): send a 6-digit code by SMS, enter it. A verified phone and a
 * verified email make an owner a "Verified owner" on their listings. A changed number needs verifying again.
 */
export function VerifyPhoneSection() {
  const t = useVerificationT();
  const msg = useMsg();
  const { user, setUser } = useSession();
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ConfirmPhoneCodeBody>({
    resolver: contractResolver<ConfirmPhoneCodeBody>(confirmPhoneCodeBodySchema, { raw: false }),
    defaultValues: { code: '' },
  });
  if (!user) return null;
  const verified = user.phoneVerified === true;

  const onSend = () =>
    send.mutate(undefined, {
      // Where the code went is said beside its field (no toast as well).
      onSuccess: (res) => {
        setSentTo(res.data.maskedPhone);
        reset({ code: '' });
      },
      onError: (e) => toast.error(errorMessage(e)),
    });
  const onConfirm = handleSubmit((v) =>
    confirm.mutate(v, {
      onSuccess: (me) => {
        setUser(me);
        setSentTo(null);
        toast.success(msg(MSG.phoneVerified));
      },
      onError: (e) => {
        if (!applyServerErrors(e, setError, FIELDS)) toast.error(errorMessage(e));
      },
    }),
  );

  return (
    <section aria-labelledby="verify-phone" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="verify-phone" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Smartphone aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('phone.heading')}
      </h2>
      {verified ? (
        <p className="mt-3 flex items-center gap-2 text-sm font-medium text-green-800">
          <BadgeCheck aria-hidden="true" className="h-5 w-5" />
          {t('phone.verified', { message: msg(MSG.phoneVerified), phone: formatPhone(user.phoneNumber) })}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">{msg(MSG.verifyPhoneIntro)}</p>
          {sentTo ? (
            <form noValidate onSubmit={onConfirm} aria-label={t('phone.form')} className="mt-4 space-y-4">
              <p role="status" className="text-sm text-slate-700">
                {msg(MSG.phoneCodeSent(sentTo))}
              </p>
              <TextField
                label={t('phone.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                error={errors.code?.message}
                {...register('code')}
              />
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={primaryButton} disabled={confirm.isPending}>
                  {confirm.isPending ? t('phone.checking') : t('phone.verify')}
                </button>
                <button type="button" className={secondaryButton} onClick={onSend} disabled={send.isPending}>
                  {t('phone.newCode')}
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className={`${primaryButton} mt-4`} onClick={onSend} disabled={send.isPending}>
              {send.isPending ? t('phone.sending') : t('phone.start')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
