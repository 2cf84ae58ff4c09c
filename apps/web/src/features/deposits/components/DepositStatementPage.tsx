import { APP_TIME_ZONE } from '@kiraya/contract/dates';
import { DEDUCTION_KIND_LABEL, DEPOSIT_LIMITS, type DepositDeduction, REFUND_METHOD_LABEL } from '@kiraya/contract/deposits';
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
import { PATHS } from '../../../lib/paths';
import { type Deposit, useDeposit, useDisputeDeduction } from '../api/deposits';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: APP_TIME_ZONE });

/**
 * /OwnerDashboard/Deposit/{roomId} and /TenantDashboard/Deposit/{roomId} (issue 22 item 4): the deposit
 * settlement statement, print-ready like the receipts: the deposit held, each deduction with its reason and
 * photos, the refund with its method, reference and date, and held = deductions + refund. The tenant disputes
 * a deduction from here (a message in the room's conversation); both sides see it disputed.
 */
export function DepositStatementPage({ viewer }: { viewer: 'owner' | 'tenant' }) {
  const { id: roomId = '' } = useParams();
  const q = useDeposit(roomId);
  const [disputing, setDisputing] = useState<DepositDeduction | null>(null);
  const back = (d?: Deposit | null) =>
    viewer === 'tenant'
      ? { to: PATHS.tenant.myRoom(roomId), label: 'Back to the room' }
      : { to: d ? PATHS.owner.rooms(d.property._id) : PATHS.owner.properties, label: 'Back to Rooms' };
  if (q.isPending) return <Spinner label="Loading the statement" />;
  const d = q.isError ? null : q.data;
  const s = d?.settlement;
  if (!d || !s)
    return (
      <>
        <BackLink to={back(d).to}>{back(d).label}</BackLink>
        <PageHeading title="Deposit settlement statement" />
        <p role="alert" className="text-slate-800">
          {q.isError ? errorMessage(q.error) : MSG.depositNotSettled}
        </p>
      </>
    );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={back(d).to}>{back(d).label}</BackLink>
        <button type="button" className={`${secondaryButton} print:hidden`} onClick={() => window.print()}>
          <Printer aria-hidden="true" className="h-4 w-4" />
          Print
        </button>
      </div>
      <article className="receipt mx-auto mt-2 max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Kiraya</p>
            <PageHeading title="Deposit Settlement Statement" />
          </div>
          <dl className="-mt-2 text-sm sm:text-right">
            <dt className="text-slate-600">Settled on</dt>
            <dd className="font-semibold text-slate-900">{dateTime.format(new Date(s.settledAt))}</dd>
          </dl>
        </header>
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <div>
            <p className="text-sm font-medium text-slate-600">Tenant</p>
            <p className="font-semibold text-slate-900">{d.tenant.fullName}</p>
          </div>
          <div>
            <p className="text-sm font-medium text-slate-600">Owner</p>
            <p className="font-semibold text-slate-900">{d.owner.fullName}</p>
          </div>
        </div>
        <div className="mt-5 rounded-lg bg-slate-50 p-4 print:bg-white print:p-0">
          <p className="text-sm font-medium text-slate-600">Room</p>
          <p className="font-semibold text-slate-900">
            Room {d.roomNumber}, {d.property.title}
          </p>
          <p className="text-slate-800">{d.property.address}</p>
          <p className="mt-1 text-sm text-slate-700">
            Moved in {formatLongDate(d.moveInDate)}
            {d.moveOutDate ? `, moved out ${formatLongDate(d.moveOutDate)}` : ''}
          </p>
        </div>
        <table className="mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">
                Item
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                Deposit held
              </th>
              <td className="py-2 text-right font-semibold text-slate-900">{formatPaise(s.held)}</td>
            </tr>
            {s.deductions.map((x, i) => (
              <tr key={x._id} className="border-b border-slate-200 align-top" data-testid="statement-deduction">
                <td className="py-2 pr-3 text-slate-900">
                  <p>
                    <span className="font-medium">
                      Deduction {i + 1}: {DEDUCTION_KIND_LABEL[x.kind]}
                    </span>{' '}
                    {x.disputedAt ? <Badge tone="yellow">Disputed</Badge> : null}
                  </p>
                  <p className="whitespace-pre-line text-slate-800">{x.reason}</p>
                  {x.photos.length ? (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {x.photos.map((p, j) => (
                        <a key={p._id} href={p.url} target="_blank" rel="noreferrer">
                          <img
                            src={p.url}
                            alt={`Deduction ${i + 1}, evidence ${j + 1}`}
                            className="h-16 w-16 rounded-md border border-slate-200 object-cover"
                          />
                        </a>
                      ))}
                    </div>
                  ) : null}
                  {x.payment ? (
                    <p className="mt-1 text-sm text-slate-700">
                      Paid the unpaid bills from the deposit:{' '}
                      <Link
                        to={viewer === 'owner' ? PATHS.owner.receipt(x.payment._id) : PATHS.tenant.receipt(x.payment._id)}
                        className="font-medium text-brand-700 underline"
                      >
                        receipt {x.payment.receiptNumber}
                      </Link>
                    </p>
                  ) : null}
                  {x.disputeText ? (
                    <p className="mt-1 text-sm text-amber-900">
                      Tenant’s dispute{x.disputedAt ? ` (${formatLongDate(x.disputedAt.slice(0, 10))})` : ''}: {x.disputeText}
                    </p>
                  ) : null}
                  {viewer === 'tenant' && !x.disputedAt ? (
                    <button
                      type="button"
                      className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline print:hidden"
                      onClick={() => setDisputing(x)}
                    >
                      <MessageSquareWarning aria-hidden="true" className="h-4 w-4" />
                      Dispute deduction {i + 1}
                    </button>
                  ) : null}
                </td>
                <td className="py-2 text-right text-slate-900">− {formatPaise(x.amount)}</td>
              </tr>
            ))}
            <tr className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                Total deductions
              </th>
              <td className="py-2 text-right text-slate-900">− {formatPaise(s.deductionsTotal)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className="pt-3 text-base font-semibold text-slate-900">
                Refund
                <span className="block text-sm font-normal text-slate-700">
                  {s.refundMethod ? REFUND_METHOD_LABEL[s.refundMethod] : 'Nothing refunded'}
                  {s.refundReference ? `, reference ${s.refundReference}` : ''}
                  {s.refundedOn ? `, paid on ${formatLongDate(s.refundedOn)}` : ''}
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
          Deposit held {formatPaise(s.held)} = deductions {formatPaise(s.deductionsTotal)} + refund {formatPaise(s.refund)}
        </p>
        <p className="mt-6 text-xs text-slate-600">This statement was generated by Kiraya from the settlement the owner recorded.</p>
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
          toast.success(MSG.depositDisputed);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Dispute a deduction" busy={dispute.isPending}>
      <form onSubmit={send} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">
          {DEDUCTION_KIND_LABEL[deduction.kind]}: {deduction.reason} ({formatPaise(deduction.amount)}). Your message goes to your owner in
          the room’s conversation, and the deduction is marked disputed on both sides.
        </p>
        <TextAreaField
          label="Why you dispute it"
          required
          maxLength={DEPOSIT_LIMITS.disputeMax}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={dispute.isPending}>
            {dispute.isPending ? 'Sending…' : 'Send dispute'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
