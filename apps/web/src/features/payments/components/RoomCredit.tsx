import { refundCreditBodySchema } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { primaryButton, secondaryButton, TextField } from '../../../components/FormField';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { errorMessage } from '../../../lib/api';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useRefundCredit, useRoomCredit } from '../api/payments';
import { usePaymentsT } from '../i18n';
import { useReturnFocus } from '../../../components/returnFocus';

type RefundForm = { roomId: string; amount: string; reference: string; note: string };

/**
 * A room's credit (issue 19): money paid beyond what the bills took. It settles the next bills by itself;
 * the owner can refund it, recorded with its reference. Shown only when there is credit or a refund.
 */
export function RoomCredit({ roomId, viewer }: { roomId: string; viewer: 'owner' | 'tenant' }) {
  const t = usePaymentsT();
  const locale = useLocale();
  const q = useRoomCredit(roomId);
  const [open, setOpen] = useState(false);
  if (!q.data || (q.data.credit === 0 && q.data.refunds.length === 0)) return null;
  const c = q.data;
  return (
    <section aria-label={t('credit.region')} className="mt-4 rounded-xl border border-green-200 bg-green-50 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-900">
          <span className="font-semibold">{t('credit.amount', { amount: formatMoney(c.credit) })}</span>
          <span className="block text-sm text-slate-700">{viewer === 'tenant' ? t('credit.tenant') : t('credit.owner')}</span>
        </p>
        {viewer === 'owner' && c.credit > 0 ? (
          <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
            {t('credit.refund')}
          </button>
        ) : null}
      </div>
      {c.refunds.length ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-800" aria-label={t('credit.refunds')}>
          {c.refunds.map((r) => (
            <li key={r._id}>
              {t.rich('credit.refunded', {
                amount: formatMoney(r.amount),
                date: formatLongDate(r.refundedOn, locale),
                reference: <span className="font-mono">{r.reference}</span>,
              })}
              {r.note ? t('credit.refundNote', { note: r.note }) : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {viewer === 'owner' ? <RefundDialog open={open} onOpenChange={setOpen} roomId={roomId} credit={c.credit} /> : null}
    </section>
  );
}

function RefundDialog({
  open,
  onOpenChange,
  roomId,
  credit,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  roomId: string;
  credit: number;
}) {
  const t = usePaymentsT();
  const msg = useMsg();
  const refund = useRefundCredit();
  const form = useForm<RefundForm>({
    resolver: contractResolver<RefundForm>(refundCreditBodySchema),
    defaultValues: { roomId, amount: credit.toFixed(2), reference: '', note: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await refund.mutateAsync({ roomId, amount: v.amount, reference: v.reference, ...(v.note ? { note: v.note } : {}) });
      toast.success(msg(MSG.creditRefunded));
      onOpenChange(false);
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['amount', 'reference', 'note'])) toast.error(msg(errorMessage(e)));
    }
  });
  const say = (m: string | undefined) => (m ? msg(m) : undefined);
  const focus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (refund.isPending ? undefined : onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          {...focus}
          className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{t('credit.refund')}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">
            {t('credit.dialogText', { max: formatMoney(credit) })}
          </Dialog.Description>
          <form className="mt-4 space-y-3" noValidate onSubmit={submit}>
            <TextField
              label={t('common.amountRupees')}
              inputMode="decimal"
              required
              error={say(errors.amount?.message)}
              {...form.register('amount')}
            />
            <TextField label={t('common.reference')} required error={say(errors.reference?.message)} {...form.register('reference')} />
            <TextField label={t('common.note')} error={say(errors.note?.message)} {...form.register('note')} />
            <div className="flex justify-end gap-3 pt-2">
              <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)} disabled={refund.isPending}>
                {t('common.cancel')}
              </button>
              <button type="submit" className={primaryButton} disabled={refund.isPending}>
                {refund.isPending ? t('common.saving') : t('credit.record')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
