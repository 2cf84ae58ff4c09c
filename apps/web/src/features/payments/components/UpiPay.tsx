import { todayInIndia } from '@kiraya/contract/dates';
import { MSG } from '@kiraya/contract/messages';
import { formatPaise, paiseToRupees } from '@kiraya/contract/money';
import { reportPaymentBodySchema, upiPayLink } from '@kiraya/contract/offline-payments';
import type { PaySummary } from '@kiraya/contract/payments';
import { Smartphone } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { primaryButton, secondaryButton, TextField } from '../../../components/FormField';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useReportPayment } from '../api/offline';
import { usePaymentsT } from '../i18n';
import { PaymentReports } from './OfflinePayments';

type ReportForm = { roomId: string; amount: string; reference: string; paidOn: string; note: string };

/**
 * "Pay with a UPI app" (issue 23): where the room's owner has a UPI ID, a `upi://pay` link that opens the
 * phone's UPI app with the owner, the amount and a note naming the room and month, and the same link as a
 * QR code for a tenant on a computer. No fee, and Kiraya never sees the money: afterwards the tenant reports
 * the payment with its UTR, and the owner confirms it.
 */
export function UpiPay({ roomId, summary, amountPaise }: { roomId: string; summary: PaySummary; amountPaise: number }) {
  const t = usePaymentsT();
  const msg = useMsg();
  const upi = summary.ownerUpi;
  const [reporting, setReporting] = useState(false);
  const link = upi ? upiPayLink({ vpa: upi.vpa, payeeName: upi.payeeName, amountPaise, note: upi.note }) : null;
  return (
    <section aria-label={t('upi.region')} className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{t('upi.heading')}</h2>
      {link && upi ? (
        <>
          <p className="mt-1 text-sm text-slate-700">
            {t.rich('upi.straight', { payee: upi.payeeName, vpa: <span className="font-mono text-slate-900">{upi.vpa}</span> })}
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-5">
            <QRCodeSVG value={link} size={168} marginSize={2} title={t('upi.qr', { amount: formatPaise(amountPaise), vpa: upi.vpa })} />
            <div className="space-y-3">
              <a href={link} className={`${primaryButton} inline-flex items-center gap-2`} data-testid="upi-link">
                <Smartphone aria-hidden="true" className="h-4 w-4" />
                {t('upi.link', { amount: formatPaise(amountPaise) })}
              </a>
              <p className="text-xs text-slate-600">{t('upi.note', { note: upi.note })}</p>
            </div>
          </div>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{msg(MSG.noOwnerVpa)}</p>
      )}
      <div className="mt-4 border-t border-slate-200 pt-4">
        {reporting ? (
          <ReportPaymentForm roomId={roomId} amountPaise={amountPaise} onDone={() => setReporting(false)} />
        ) : (
          <button type="button" className={secondaryButton} onClick={() => setReporting(true)}>
            {t('upi.reportOpen')}
          </button>
        )}
      </div>
      <PaymentReports roomId={roomId} viewer="tenant" />
    </section>
  );
}

function ReportPaymentForm({ roomId, amountPaise, onDone }: { roomId: string; amountPaise: number; onDone: () => void }) {
  const t = usePaymentsT();
  const msg = useMsg();
  const report = useReportPayment();
  const form = useForm<ReportForm>({
    resolver: contractResolver<ReportForm>(reportPaymentBodySchema),
    defaultValues: { roomId, amount: paiseToRupees(amountPaise).toFixed(2), reference: '', paidOn: todayInIndia(), note: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (v) => {
    try {
      await report.mutateAsync({ roomId, amount: v.amount.trim(), reference: v.reference, paidOn: v.paidOn });
      toast.success(msg(MSG.paymentReported));
      onDone();
    } catch (e) {
      if (!applyServerErrors(e, form.setError, ['amount', 'reference', 'paidOn'])) toast.error(msg(errorMessage(e)));
    }
  });
  const say = (m: string | undefined) => (m ? msg(m) : undefined);
  return (
    <form className="space-y-3" noValidate onSubmit={submit} aria-label={t('upi.reportForm')}>
      <p className="text-sm text-slate-700">{t('upi.reportHelp')}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={t('upi.amountPaid')}
          inputMode="decimal"
          required
          error={say(errors.amount?.message)}
          {...form.register('amount')}
        />
        <TextField
          label={t('upi.utr')}
          inputMode="numeric"
          required
          error={say(errors.reference?.message)}
          {...form.register('reference')}
        />
        <TextField
          label={t('common.datePaid')}
          type="date"
          max={todayInIndia()}
          required
          error={say(errors.paidOn?.message)}
          {...form.register('paidOn')}
        />
      </div>
      <div className="flex gap-3">
        <button type="submit" className={primaryButton} disabled={report.isPending}>
          {report.isPending ? t('upi.sending') : t('upi.report')}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone} disabled={report.isPending}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
