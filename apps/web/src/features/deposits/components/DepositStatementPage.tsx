import { todayInIndia } from '@kiraya/contract/dates';
import { DEPOSIT_LIMITS, type DepositDeduction } from '@kiraya/contract/deposits';
import { MSG } from '@kiraya/contract/messages';
import { formatPaise } from '@kiraya/contract/money';
import { ArrowLeft, MessageSquareWarning, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '../../../components/Badge';
import { primaryButton, secondaryButton, TextAreaField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { type Deposit, useDeposit, useDisputeDeduction } from '../api/deposits';
import { useDepositsT } from '../i18n';

/**
 * /OwnerDashboard/Deposit/{roomId} and /TenantDashboard/Deposit/{roomId} (issue 22 item 4): the deposit
 * settlement statement, print-ready like the receipts: the deposit held, each deduction with its reason and
 * photos, the refund with its method, reference and date, and held = deductions + refund. The tenant disputes
 * a deduction from here (a message in the room's conversation); both sides see it disputed.
 */
export function DepositStatementPage({ viewer }: { viewer: 'owner' | 'tenant' }) {
  const t = useDepositsT();
  const msg = useMsg();
  const locale = useLocale();
  const day = (iso: string) => formatLongDate(iso, locale);
  const { id: roomId = '' } = useParams();
  const q = useDeposit(roomId);
  const [disputing, setDisputing] = useState<DepositDeduction | null>(null);
  const back = (d?: Deposit | null) =>
    viewer === 'tenant'
      ? { to: PATHS.tenant.myRoom(roomId), label: t('statement.backToRoom') }
      : { to: d ? PATHS.owner.rooms(d.property._id) : PATHS.owner.properties, label: t('statement.backToRooms') };
  if (q.isPending) return <Spinner label={t('statement.loading')} />;
  const d = q.isError ? null : q.data;
  const s = d?.settlement;
  if (!d || !s)
    return (
      <>
        <BackLink to={back(d).to}>{back(d).label}</BackLink>
        <PageHeading title={t('statement.pageTitle')} />
        <p role="alert" className="text-slate-800">
          {msg(q.isError ? errorMessage(q.error) : MSG.depositNotSettled)}
        </p>
      </>
    );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={back(d).to}>{back(d).label}</BackLink>
        <button type="button" className={`${secondaryButton} print:hidden`} onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          {t('statement.print')}
        </button>
      </div>
      <article className="receipt mx-auto mt-2 max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Kiraya</p>
            <PageHeading title={t('statement.heading')} />
          </div>
          <dl className="-mt-2 text-sm sm:text-right">
            <dt className="text-slate-600">{t('statement.settledOn')}</dt>
            <dd className="font-semibold text-slate-900">{day(todayInIndia(new Date(s.settledAt)))}</dd>
          </dl>
        </header>
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <div>
            <p className="text-sm font-medium text-slate-600">{t('statement.tenant')}</p>
            <p className="font-semibold text-slate-900">{d.tenant.fullName}</p>
          </div>
          <div>
            <p className="text-sm font-medium text-slate-600">{t('statement.owner')}</p>
            <p className="font-semibold text-slate-900">{d.owner.fullName}</p>
          </div>
        </div>
        <div className="mt-5 rounded-lg bg-slate-50 p-4 print:bg-white print:p-0">
          <p className="text-sm font-medium text-slate-600">{t('statement.room')}</p>
          <p className="font-semibold text-slate-900">{t('statement.roomLine', { room: d.roomNumber, property: d.property.title })}</p>
          <p className="text-slate-800">{d.property.address}</p>
          <p className="mt-1 text-sm text-slate-700">
            {d.moveOutDate
              ? t('statement.movedInOut', { in: day(d.moveInDate), out: day(d.moveOutDate) })
              : t('statement.movedIn', { in: day(d.moveInDate) })}
          </p>
        </div>
        <table className="mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('statement.item')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('statement.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                {t('statement.held')}
              </th>
              <td className="py-2 text-right font-semibold text-slate-900">{formatPaise(s.held)}</td>
            </tr>
            {s.deductions.map((x, i) => (
              <tr key={x._id} className="border-b border-slate-200 align-top" data-testid="statement-deduction">
                <td className="py-2 pr-3 text-slate-900">
                  <p>
                    <span className="font-medium">{t('statement.deduction', { n: i + 1, kind: t(`kind.${x.kind}`) })}</span>{' '}
                    {x.disputedAt ? <Badge tone="yellow">{t('statement.disputed')}</Badge> : null}
                  </p>
                  <p className="whitespace-pre-line text-slate-800">{x.reason}</p>
                  {x.photos.length ? (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {x.photos.map((p, j) => (
                        <a key={p._id} href={p.url} target="_blank" rel="noreferrer">
                          <img
                            src={p.url}
                            alt={t('statement.evidence', { n: i + 1, photo: j + 1 })}
                            className="h-16 w-16 rounded-md border border-slate-200 object-cover"
                          />
                        </a>
                      ))}
                    </div>
                  ) : null}
                  {x.payment ? (
                    <p className="mt-1 text-sm text-slate-700">
                      {t.rich('statement.paidFromDeposit', {
                        receipt: (
                          <Link
                            to={viewer === 'owner' ? PATHS.owner.receipt(x.payment._id) : PATHS.tenant.receipt(x.payment._id)}
                            className="font-medium text-brand-700 underline"
                          >
                            {t('statement.receiptLink', { number: x.payment.receiptNumber })}
                          </Link>
                        ),
                      })}
                    </p>
                  ) : null}
                  {x.disputeText ? (
                    <p className="mt-1 text-sm text-amber-900">
                      {x.disputedAt
                        ? t('statement.disputeOn', { date: day(x.disputedAt.slice(0, 10)), text: x.disputeText })
                        : t('statement.dispute', { text: x.disputeText })}
                    </p>
                  ) : null}
                  {viewer === 'tenant' && !x.disputedAt ? (
                    <button
                      type="button"
                      className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden"
                      onClick={() => setDisputing(x)}
                    >
                      <MessageSquareWarning aria-hidden="true" className="h-4 w-4" />
                      {t('statement.disputeButton', { n: i + 1 })}
                    </button>
                  ) : null}
                </td>
                <td className="py-2 text-right text-slate-900">− {formatPaise(x.amount)}</td>
              </tr>
            ))}
            <tr className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                {t('statement.totalDeductions')}
              </th>
              <td className="py-2 text-right text-slate-900">− {formatPaise(s.deductionsTotal)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 text-base font-semibold text-slate-900">
                {t('statement.refund')}
                <span className="block text-sm font-normal text-slate-700">
                  {s.refundMethod ? t(`refundMethod.${s.refundMethod}`) : t('statement.nothingRefunded')}
                  {s.refundReference ? t('statement.refundReference', { reference: s.refundReference }) : ''}
                  {s.refundedOn ? t('statement.refundPaidOn', { date: day(s.refundedOn) }) : ''}
                </span>
              </th>
              <td className="pt-3 text-right text-xl font-bold text-slate-900" data-testid="statement-refund">
                {formatPaise(s.refund)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p
          className="mt-6 rounded-lg bg-slate-50 px-4 py-3 text-center font-semibold text-slate-900 print:bg-white"
          data-testid="statement-identity"
        >
          {t('statement.identity', {
            held: formatPaise(s.held),
            deductions: formatPaise(s.deductionsTotal),
            refund: formatPaise(s.refund),
          })}
        </p>
        <p className="mt-6 text-xs text-slate-600">{t('statement.generated')}</p>
      </article>
      {disputing ? <DisputeDialog roomId={roomId} deduction={disputing} onClose={() => setDisputing(null)} /> : null}
    </>
  );
}

function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {children}
    </Link>
  );
}

/** The tenant's dispute of one deduction: their words go to the owner in the room's conversation. */
function DisputeDialog({ roomId, deduction, onClose }: { roomId: string; deduction: DepositDeduction; onClose: () => void }) {
  const t = useDepositsT();
  const msg = useMsg();
  const dispute = useDisputeDeduction(roomId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = (e: React.FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') {
      setError(MSG.depositDisputeText);
      return;
    }
    dispute.mutate(
      { deductionId: deduction._id, text },
      {
        onSuccess: () => {
          toast.success(msg(MSG.depositDisputed));
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('dispute.title')} busy={dispute.isPending}>
      <form onSubmit={send} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          {t('dispute.intro', { kind: t(`kind.${deduction.kind}`), reason: deduction.reason, amount: formatPaise(deduction.amount) })}
        </p>
        <TextAreaField
          label={t('dispute.why')}
          required
          maxLength={DEPOSIT_LIMITS.disputeMax}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error ? msg(error) : error}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={dispute.isPending}>
            {dispute.isPending ? t('dispute.sending') : t('dispute.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
