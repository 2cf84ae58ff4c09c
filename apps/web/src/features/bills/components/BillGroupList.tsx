import { type Bill, type BillGroup, isMeterBillType, isOverdue } from '@kiraya/contract';
import { todayInIndia } from '@kiraya/contract/dates';
import { MSG } from '@kiraya/contract/messages';
import { ChevronDown, Image as ImageIcon, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useConfirmAction } from '../../../lib/useConfirmAction';
import { Badge } from '../../../components/Badge';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatLongDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { formatPaise, paiseToRupees, rupeesToPaise, sumPaise } from '@kiraya/contract/money';
import { PATHS } from '../../../lib/paths';
import { useDeleteBill, useWaiveBill, useWaiveLateFee } from '../api/bills';
import { useBillsT, useBillTypeLabel } from '../i18n';
import { useSharedT } from '../../../components/i18n';

/** What a bill still owes (paise): neither paid nor waived. */
const stillOwedPaise = (b: Bill): number =>
  Math.max(0, rupeesToPaise(b.amount) - rupeesToPaise(b.paidAmount) - rupeesToPaise(b.waivedAmount));

/** A group's total: the sum of its amounts, in paise so 2-decimal rupees add up exactly. */
export const groupTotal = (g: Pick<BillGroup, 'bills'>): number => paiseToRupees(sumPaise(g.bills.map((b) => rupeesToPaise(b.amount))));

const STATUS_TONE = { unpaid: 'yellow', partly_paid: 'blue', paid: 'green' } as const;

type Props<G extends BillGroup = BillGroup> = {
  groups: G[];
  /** owner: edit (unpaid) and delete (unpaid); tenant: Pay. */
  mode: 'owner' | 'tenant';
  /** A past tenancy's bills (issue 19): statuses only, nothing to pay, edit or delete. */
  readOnly?: boolean;
  onEdit?: (bill: Bill, group: BillGroup) => void;
  /** Shown above each group (the tenant's Billings page names the room). */
  groupCaption?: (g: G) => string | null;
  /** The level of each group's heading: 2 straight under a page's h1 (the tenant's Billings), else 3 (ADR 044). */
  headingLevel?: 2 | 3;
};

/** Bill groups by bill date (spec 2: Billing Details tab, Billing list), newest first as the server sends them. */
/** What a bill line offers: the owner's edit and delete, the tenant's Pay, or nothing (read only). */
type LineMode = Props['mode'] | 'view';

export function BillGroupList<G extends BillGroup>({ groups, mode, readOnly = false, onEdit, groupCaption, headingLevel = 3 }: Props<G>) {
  const t = useBillsT();
  const msg = useMsg();
  const billType = useBillTypeLabel();
  const del = useDeleteBill();
  const waive = useWaiveBill();
  const waiveFee = useWaiveLateFee();
  const deleting = useConfirmAction((b: Bill) => del.mutateAsync(b._id), {
    done: (b) => msg(MSG.deleted(billType(b.billType))),
    failed: () => msg(MSG.billDeleteFailed),
  });
  // A Late Fee is waived whole through its own route (issue 22); any other bill's rest through the bill waiver.
  const waiving = useConfirmAction((b: Bill) => (b.billType === 'Late Fee' ? waiveFee.mutateAsync(b._id) : waive.mutateAsync(b._id)), {
    done: (b) => msg(b.billType === 'Late Fee' ? MSG.lateFeeWaived : MSG.billWaived),
  });
  const isLateFee = waiving.target?.billType === 'Late Fee';
  if (!groups.length)
    return (
      <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
        <p className="font-medium text-slate-800">{msg(MSG.noBillingData)}</p>
      </div>
    );

  return (
    <>
      <ul className="space-y-3">
        {groups.map((g) => (
          <li key={`${g._id}-${g.billDate}`}>
            <Group
              group={g}
              mode={readOnly ? 'view' : mode}
              onEdit={onEdit}
              onDelete={deleting.ask}
              onWaive={waiving.ask}
              caption={groupCaption?.(g) ?? null}
              level={headingLevel}
            />
          </li>
        ))}
      </ul>
      {mode === 'owner' ? (
        <ConfirmDialog
          open={deleting.target !== null}
          onOpenChange={(o) => (o ? undefined : deleting.close())}
          onConfirm={deleting.confirm}
          busy={del.isPending}
          title={t('delete.title')}
          text={deleting.target?.inOpenOrder ? t('delete.inOpenOrder', { warning: msg(MSG.billInOpenOrder) }) : t('delete.text')}
          confirmLabel={t('delete.confirm')}
          busyLabel={t('delete.busy')}
        />
      ) : null}
      {mode === 'owner' ? (
        <ConfirmDialog
          open={waiving.target !== null}
          onOpenChange={(o) => (o ? undefined : waiving.close())}
          onConfirm={waiving.confirm}
          busy={waive.isPending || waiveFee.isPending}
          title={isLateFee ? t('waive.lateFeeTitle') : t('waive.restTitle')}
          text={
            waiving.target
              ? isLateFee
                ? t('waive.lateFeeText', { amount: formatPaise(stillOwedPaise(waiving.target)) })
                : msg(MSG.waiveConfirm(formatPaise(stillOwedPaise(waiving.target))))
              : ''
          }
          confirmLabel={t('waive.confirm')}
          busyLabel={t('waive.busy')}
        />
      ) : null}
    </>
  );
}

function Group({
  group,
  mode,
  onEdit,
  onDelete,
  onWaive,
  caption,
  level,
}: {
  group: BillGroup;
  mode: LineMode;
  onEdit?: Props['onEdit'];
  onDelete: (b: Bill) => void;
  onWaive: (b: Bill) => void;
  caption: string | null;
  level: 2 | 3;
}) {
  const t = useBillsT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = group.bills.length;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <Heading>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-slate-50"
        >
          <span className="font-semibold text-slate-900">{formatLongDate(group.billDate, locale)}</span>
          {caption ? <span className="text-sm text-slate-600">{caption}</span> : null}
          <span className="text-sm text-slate-700">{t('group.count', { count })}</span>
          <span className="ml-auto flex items-center gap-3">
            <span className="font-semibold text-slate-900">
              <span className="sr-only">{t('group.total')} </span>
              {formatMoney(groupTotal(group))}
            </span>
            <ChevronDown aria-hidden="true" className={`h-5 w-5 text-slate-600 ${open ? 'rotate-180' : ''}`} />
          </span>
        </button>
      </Heading>
      <div id={panelId} hidden={!open} className="border-t border-slate-200">
        {open ? (
          <ul className="divide-y divide-slate-200">
            {group.bills.map((b) => (
              <li key={b._id} className="px-4 py-3">
                <BillLine bill={b} group={group} mode={mode} onEdit={onEdit} onDelete={onDelete} onWaive={onWaive} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function openPhoto(url: string | undefined, msg: (text: string) => string) {
  if (!url) {
    toast.error(msg(MSG.noPhoto));
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

function BillLine({
  bill,
  group,
  mode,
  onEdit,
  onDelete,
  onWaive,
}: {
  bill: Bill;
  group: BillGroup;
  mode: LineMode;
  onEdit?: Props['onEdit'];
  onDelete: (b: Bill) => void;
  onWaive: (b: Bill) => void;
}) {
  const t = useBillsT();
  const names = useSharedT();
  const msg = useMsg();
  const billType = useBillTypeLabel();
  const type = billType(bill.billType);
  // A Rent Bill cancelled by a move-out (ADR 041): kept and shown, nothing to pay, edit or waive.
  const cancelled = bill.cancelled ?? null;
  const status = cancelled ? 'paid' : bill.status;
  const m = isMeterBillType(bill.billType) ? bill.meterReading : null;
  const iconButton =
    'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50';
  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="font-medium text-slate-900">{type}</span>
        {cancelled ? (
          <Badge tone="grey">{t('line.cancelled')}</Badge>
        ) : (
          <Badge tone={STATUS_TONE[status]}>
            {status === 'partly_paid'
              ? t('status.partlyPaidOf', { paid: formatMoney(bill.paidAmount), amount: formatMoney(bill.amount) })
              : t(`status.${status}`)}
          </Badge>
        )}
        {bill.waivedAmount > 0 ? <Badge tone="grey">{t('line.waived', { amount: formatMoney(bill.waivedAmount) })}</Badge> : null}
        {/* The contract's rule (bills.ts isOverdue), as the server's: not paid, due before today in India. */}
        {!cancelled && isOverdue(group.dueDate, todayInIndia(), status) ? <Badge tone="red">{t('line.overdue')}</Badge> : null}
        {cancelled ? (
          <span className="ml-auto font-semibold text-slate-500">
            <s>{formatMoney(cancelled.amount)}</s> {formatMoney(bill.amount)}
          </span>
        ) : (
          <span className="ml-auto font-semibold text-slate-900">{formatMoney(bill.amount)}</span>
        )}
        {mode === 'owner' && bill.billType === 'Late Fee' && status !== 'paid' ? (
          <button
            type="button"
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            onClick={() => onWaive(bill)}
          >
            {t('line.waiveLateFee')}
          </button>
        ) : null}
        {mode === 'owner' && status === 'partly_paid' && bill.billType !== 'Late Fee' ? (
          <button
            type="button"
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            onClick={() => onWaive(bill)}
          >
            {t('line.waiveRest')}
          </button>
        ) : null}
        {mode === 'owner' && status === 'unpaid' ? (
          <>
            <button
              type="button"
              aria-label={t('line.edit', { billType: type })}
              className={iconButton}
              onClick={() => onEdit?.(bill, group)}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
            </button>
            <button
              type="button"
              aria-label={t('line.delete', { billType: type })}
              className={`${iconButton} border-red-200 text-red-700 hover:bg-red-50`}
              onClick={() => onDelete(bill)}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
            </button>
          </>
        ) : null}
        {mode === 'tenant' && status !== 'paid' ? (
          <Link
            to={PATHS.tenant.payBill(bill._id)}
            aria-label={t('line.payLabel', { billType: type })}
            className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {names('name.pay')}
          </Link>
        ) : null}
      </div>
      {mode === 'owner' && bill.inOpenOrder && status === 'unpaid' ? (
        <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {msg(MSG.billInOpenOrder)}
        </p>
      ) : null}
      {m ? (
        <div className="mt-2 rounded-lg bg-slate-50 p-3">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <Fact label={t('meter.current')} value={String(m.current)} />
            <Fact label={t('meter.previous')} value={String(m.previous)} />
            <Fact label={t('meter.units')} value={String(m.unitsConsumed)} />
            <Fact label={t('meter.rate')} value={formatMoney(m.ratePerUnit)} />
          </dl>
          <div className="mt-2 flex flex-wrap gap-2">
            {(['current', 'previous'] as const).map((k) => (
              <button
                key={k}
                type="button"
                onClick={() => openPhoto(bill.meterPhotos?.[k]?.url, msg)}
                className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                <ImageIcon aria-hidden="true" className="h-4 w-4" />
                {t('meter.viewPhoto', { which: k })}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}
