import { MSG } from '@kiraya/contract/messages';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { formatLongDate, formatMoney, formatTime } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { useDecideReport, usePaymentReport } from '../api/offline';
import { usePaymentsT } from '../i18n';
import { ReasonDialog } from './OfflinePayments';

const STATUS_TONE = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
} as const;

/**
 * /OwnerDashboard/PaymentReports/:id (ADR 042): one UPI payment a tenant reported, where the owner's
 * notification and home open it: what was paid, when, the UTR to look for in the bank, and Confirm or Reject.
 * Once decided it says so (and links the receipt of a confirmed one).
 */
export function PaymentReportPage() {
  const t = usePaymentsT();
  const msg = useMsg();
  const locale = useLocale();
  const { id = '' } = useParams();
  const q = usePaymentReport(id);
  const decide = useDecideReport();
  const [rejecting, setRejecting] = useState(false);
  const back = (
    <Link to={PATHS.owner.root} className={`${secondaryButton} mb-4 inline-flex items-center gap-2`}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('reportPage.back')}
    </Link>
  );
  if (q.isPending) return <Spinner label={t('reportPage.loading')} />;
  if (q.isError)
    return (
      <>
        {back}
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-800">
          {msg(errorMessage(q.error))}
        </p>
      </>
    );
  const r = q.data;
  const confirm = async () => {
    try {
      await decide.mutateAsync({ id: r._id, decision: 'confirm' });
      toast.success(msg(MSG.reportConfirmed));
      await q.refetch();
    } catch (e) {
      toast.error(msg(errorMessage(e)));
    }
  };
  return (
    <>
      {back}
      <PageHeading title={t('reportPage.title')} subtitle={t('report.ownerHelp')} />
      <section aria-labelledby="report-facts" className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="report-facts" className="text-2xl font-bold text-slate-900" data-testid="report-amount">
            {formatMoney(r.amount)}
          </h2>
          <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_TONE[r.status]}`} data-testid="report-status">
            {r.status === 'pending' ? t('reportPage.pending') : t(`report.status.${r.status}`)}
          </span>
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label={t('reportPage.tenant')} value={r.tenant.fullName} />
          <Fact label={t('reportPage.room')} value={t('reportPage.roomValue', { room: r.room.roomNumber, property: r.property.title })} />
          <Fact label={t('reportPage.utr')} value={<span className="font-mono">{r.reference}</span>} />
          <Fact label={t('reportPage.paidOn')} value={formatLongDate(r.paidOn, locale)} />
          <Fact
            label={t('reportPage.reportedAt')}
            value={`${formatLongDate(r.reportedAt, locale)}, ${formatTime(new Date(r.reportedAt), locale, { hour: 'numeric', minute: '2-digit' })}`}
          />
          {r.note ? <Fact label={t('common.note')} value={r.note} /> : null}
          {r.rejectReason ? <Fact label={t('reportPage.reason')} value={r.rejectReason} /> : null}
        </dl>
        {r.status === 'pending' ? (
          <div className="mt-5 flex flex-wrap gap-3">
            <button
              type="button"
              className={primaryButton}
              aria-label={t('report.confirmLabel', { utr: r.reference })}
              disabled={decide.isPending}
              onClick={confirm}
            >
              {t('report.confirm')}
            </button>
            <button
              type="button"
              className={secondaryButton}
              aria-label={t('report.rejectLabel', { utr: r.reference })}
              disabled={decide.isPending}
              onClick={() => setRejecting(true)}
            >
              {t('report.reject')}
            </button>
          </div>
        ) : r.paymentId ? (
          <Link to={PATHS.owner.receipt(r.paymentId)} className={`${secondaryButton} mt-5 inline-flex`}>
            {t('reportPage.receipt')}
          </Link>
        ) : null}
      </section>
      <ReasonDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t('report.rejectTitle')}
        description={t('report.rejectText', { amount: formatMoney(r.amount), utr: r.reference })}
        action={t('report.reject')}
        onSubmit={async (reason) => {
          await decide.mutateAsync({ id: r._id, decision: 'reject', reason });
          toast.success(msg(MSG.reportRejected));
          await q.refetch();
        }}
      />
    </>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}
