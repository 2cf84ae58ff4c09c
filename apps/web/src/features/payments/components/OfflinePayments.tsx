import { todayInIndia } from '@kiraya/contract/dates';
import { MSG } from '@kiraya/contract/messages';
import { paymentMethodKey, RECORDABLE_METHODS, reasonBodySchema, recordPaymentBodySchema } from '@kiraya/contract/offline-payments';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { primaryButton, SelectField, secondaryButton, TextAreaField, TextField } from '../../../components/FormField';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { errorMessage } from '../../../lib/api';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { type PaymentReport, useDecideReport, usePaymentReports, useRecordPayment, useReversePayment } from '../api/offline';
import { usePaymentsT } from '../i18n';
import { useReturnFocus } from '../../../components/returnFocus';

/** A small dialog shell, as the refund dialog has it. */
function Modal({
  open,
  onOpenChange,
  busy,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  busy: boolean;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const focus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (busy ? undefined : onOpenChange(o))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          {...focus}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type RecordForm = { roomId: string; amount: string; method: string; paidOn: string; reference: string; note: string };

/**
 * "Record payment" (issue 23) on the owner's Billing Details: money received outside Kiraya's checkout
 * (cash, UPI to the owner, bank transfer, cheque). It settles the room's bills oldest first with a receipt.
 */
export function RecordPaymentButton({ roomId }: { roomId: string }) {
  const t = usePaymentsT();
  const msg = useMsg();
  const [open, setOpen] = useState(false);
  const record = useRecordPayment();
  const form = useForm<RecordForm>({
    resolver: contractResolver<RecordForm>(recordPaymentBodySchema),
    defaultValues: { roomId, amount: '', method: 'cash', paidOn: todayInIndia(), reference: '', note: '' },
  });
  const { errors } = form.formState;
  const method = form.watch('method');
  const submit = form.handleSubmit(async (v) => {
    try {
      await record.mutateAsync({
        roomId,
        amount: v.amount.trim(),
        method: v.method as 'cash',
        paidOn: v.paidOn,
        ...(v.reference.trim() ? { reference: v.reference } : {}),
        ...(v.note.trim() ? { note: v.note } : {}),
      });
      toast.success(msg(MSG.paymentRecorded));
      form.reset({ roomId, amount: '', method: 'cash', paidOn: todayInIndia(), reference: '', note: '' });
      setOpen(false);
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['amount', 'method', 'paidOn', 'reference', 'note'])) toast.error(msg(errorMessage(e)));
    }
  });
  const say = (m: string | undefined) => (m ? msg(m) : undefined);
  return (
    <>
      <button type="button" className={primaryButton} onClick={() => setOpen(true)}>
        {t('record.button')}
      </button>
      <Modal open={open} onOpenChange={setOpen} busy={record.isPending} title={t('record.button')} description={t('record.description')}>
        <form className="mt-4 space-y-3" noValidate onSubmit={submit}>
          <TextField
            label={t('common.amountRupees')}
            inputMode="decimal"
            required
            error={say(errors.amount?.message)}
            {...form.register('amount')}
          />
          <TextField
            label={t('common.datePaid')}
            type="date"
            max={todayInIndia()}
            required
            error={say(errors.paidOn?.message)}
            {...form.register('paidOn')}
          />
          <SelectField label={t('record.method')} required error={say(errors.method?.message)} {...form.register('method')}>
            {RECORDABLE_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`method.${paymentMethodKey('offline', m)}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={method === 'upi' ? t('record.utr') : method === 'cheque' ? t('record.cheque') : t('common.reference')}
            inputMode={method === 'upi' ? 'numeric' : undefined}
            required={method === 'upi' || method === 'cheque'}
            hint={method === 'cash' ? t('record.cashHint') : method === 'bank_transfer' ? t('record.bankHint') : undefined}
            error={say(errors.reference?.message)}
            {...form.register('reference')}
          />
          <TextAreaField label={t('common.note')} error={say(errors.note?.message)} {...form.register('note')} />
          <div className="flex justify-end gap-3 pt-2">
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)} disabled={record.isPending}>
              {t('common.cancel')}
            </button>
            <button type="submit" className={primaryButton} disabled={record.isPending}>
              {record.isPending ? t('common.saving') : t('record.button')}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}

type ReasonForm = { reason: string };

/** A dialog asking for a reason (rejecting a report, reversing a payment). */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description: ReactNode;
  action: string;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const t = usePaymentsT();
  const msg = useMsg();
  const [busy, setBusy] = useState(false);
  const form = useForm<ReasonForm>({ resolver: contractResolver<ReasonForm>(reasonBodySchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (v) => {
    setBusy(true);
    try {
      await onSubmit(v.reason);
      form.reset({ reason: '' });
      onOpenChange(false);
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['reason'])) toast.error(msg(errorMessage(e)));
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={busy} title={title} description={description}>
      <form className="mt-4 space-y-3" noValidate onSubmit={submit}>
        <TextAreaField
          label={t('reason.label')}
          required
          error={form.formState.errors.reason?.message ? msg(form.formState.errors.reason.message) : undefined}
          {...form.register('reason')}
        />
        <div className="flex justify-end gap-3 pt-2">
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? t('common.saving') : action}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** "Reverse" on an offline payment the owner recorded or confirmed (within 30 days). */
export function ReversePaymentButton({ paymentId, receiptNumber, amount }: { paymentId: string; receiptNumber: string; amount: number }) {
  const t = usePaymentsT();
  const msg = useMsg();
  const [open, setOpen] = useState(false);
  const reverse = useReversePayment();
  return (
    <>
      <button
        type="button"
        aria-label={t('reverse.label', { receipt: receiptNumber })}
        className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
        onClick={() => setOpen(true)}
      >
        {t('reverse.button')}
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title={t('reverse.title')}
        description={t('reverse.text', { amount: formatMoney(amount), receipt: receiptNumber })}
        action={t('reverse.title')}
        onSubmit={async (reason) => {
          await reverse.mutateAsync({ id: paymentId, reason });
          toast.success(msg(MSG.paymentReversed));
        }}
      />
    </>
  );
}

const STATUS_BADGE: Record<PaymentReport['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
};

/**
 * Reported UPI payments (issue 23): the owner sees what waits for them (Confirm / Reject); the tenant sees
 * their reports and what became of them. Hidden when there are none.
 */
export function PaymentReports({ roomId, viewer, showRoom = false }: { roomId?: string; viewer: 'owner' | 'tenant'; showRoom?: boolean }) {
  const t = usePaymentsT();
  const msg = useMsg();
  const locale = useLocale();
  const q = usePaymentReports(roomId, viewer === 'owner' ? 'pending' : undefined);
  const decide = useDecideReport();
  const [rejecting, setRejecting] = useState<PaymentReport | null>(null);
  const list = (q.data ?? []).filter(
    (r) => viewer === 'owner' || r.status === 'pending' || Date.now() - Date.parse(r.decidedAt ?? r.reportedAt) < 30 * 86_400_000,
  );
  if (!list.length) return null;
  return (
    <section aria-label={t('report.region')} className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 className="font-semibold text-slate-900">{viewer === 'owner' ? t('report.ownerHeading') : t('report.tenantHeading')}</h3>
      <p className="text-sm text-slate-700">{viewer === 'owner' ? t('report.ownerHelp') : t('report.tenantHelp')}</p>
      <ul className="mt-3 divide-y divide-amber-200">
        {list.map((r) => (
          <li key={r._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-slate-900">
                {t('report.line', {
                  amount: formatMoney(r.amount),
                  method: t('method.upi_direct'),
                  date: formatLongDate(r.paidOn, locale),
                })}
              </p>
              <p className="text-slate-700">
                {t.rich('report.utr', { utr: <span className="font-mono">{r.reference}</span> })}
                {viewer === 'owner' ? t('report.from', { name: r.tenant.fullName }) : ''}
                {showRoom ? t('report.room', { room: r.room.roomNumber, property: r.property.title }) : ''}
              </p>
              {r.rejectReason ? <p className="text-red-800">{t('report.reason', { reason: r.rejectReason })}</p> : null}
            </div>
            {viewer === 'owner' ? (
              <div className="flex gap-2">
                <button
                  type="button"
                  className={primaryButton}
                  aria-label={t('report.confirmLabel', { utr: r.reference })}
                  disabled={decide.isPending}
                  onClick={async () => {
                    try {
                      await decide.mutateAsync({ id: r._id, decision: 'confirm' });
                      toast.success(msg(MSG.reportConfirmed));
                    } catch (e) {
                      toast.error(msg(errorMessage(e)));
                    }
                  }}
                >
                  {t('report.confirm')}
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  aria-label={t('report.rejectLabel', { utr: r.reference })}
                  onClick={() => setRejecting(r)}
                >
                  {t('report.reject')}
                </button>
              </div>
            ) : (
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[r.status]}`}>
                {t(`report.status.${r.status}`)}
              </span>
            )}
          </li>
        ))}
      </ul>
      {viewer === 'owner' ? (
        <ReasonDialog
          open={rejecting !== null}
          onOpenChange={(o) => (o ? undefined : setRejecting(null))}
          title={t('report.rejectTitle')}
          description={rejecting ? t('report.rejectText', { amount: formatMoney(rejecting.amount), utr: rejecting.reference }) : ''}
          action={t('report.reject')}
          onSubmit={async (reason) => {
            if (!rejecting) return;
            await decide.mutateAsync({ id: rejecting._id, decision: 'reject', reason });
            toast.success(msg(MSG.reportRejected));
          }}
        />
      ) : null}
    </section>
  );
}
