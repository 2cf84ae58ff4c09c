import { formatPaise } from '@kiraya/contract/money';
import { ArrowLeft, ChevronDown, ReceiptIndianRupee, Wrench, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { OwedSummary } from '../../../components/OwedSummary';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { formatLongDate, formatMoney, formatRupees } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useOwedBillByRoom } from '../../../lib/owedBills';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { useMyRooms } from '../api/tenancy';
import { useTenancyT } from '../i18n';

/** `past`: a past tenancy of the room, shown read only (issue 19). */
type RoomRef = { propertyId: string; roomId: string; roomNumber: string; past: boolean };
/** The bills feature's parts, passed in by the route (features never import each other). */
export type MyRoomBillSlots = {
  renderLastBill?: (r: RoomRef) => ReactNode;
  renderBills?: (r: RoomRef) => ReactNode;
  /** The payments feature's list of this room's payments (B10). */
  renderPayments?: (r: RoomRef) => ReactNode;
  /** The documents feature's section (B7). */
  renderDocuments?: (r: RoomRef) => ReactNode;
  /** The leases feature's panel (issue 22): the lease's terms, a later change, automatic rent. */
  renderLease?: (r: RoomRef) => ReactNode;
  /** The deposits feature's panel (issue 22 item 4): held, and its settlement, also for a past tenancy. */
  renderDeposit?: (r: RoomRef) => ReactNode;
};

/**
 * /TenantDashboard/MyRooms/{roomId} (spec 2): one of the tenant's rooms with its rent and tiles. A room the
 * tenant has left opens its latest past tenancy read only (issue 19): its bills, payments and receipts, but
 * no Pay, no maintenance request and no documents (those belong to the room's current tenant).
 */
export function MyRoomDetailPage({
  renderLastBill,
  renderBills,
  renderPayments,
  renderDocuments,
  renderLease,
  renderDeposit,
}: MyRoomBillSlots = {}) {
  const t = useTenancyT();
  const msg = useMsg();
  const locale = useLocale();
  const { id = '' } = useParams();
  const rooms = useMyRooms();
  const payable = useOwedBillByRoom();
  const current = rooms.data?.current.find((r) => r.roomId === id);
  const room = current ?? rooms.data?.past.find((r) => r.roomId === id);
  const past = !current;
  const billsId = useId();
  const [billsOpen, setBillsOpen] = useState(false);

  const back = (
    <Link to={PATHS.tenant.myRooms} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('detail.back')}
    </Link>
  );
  if (rooms.isPending) return <Spinner label={t('detail.loading')} />;
  if (rooms.isError || !room)
    return (
      <>
        {back}
        <PageHeading title={t('detail.notFound')} />
        <p role={rooms.isError ? 'alert' : undefined} className="text-slate-700">
          {rooms.isError ? msg(errorMessage(rooms.error)) : t('detail.notYours')}
        </p>
      </>
    );

  const ref = { propertyId: room.propertyId, roomId: room.roomId, roomNumber: room.room.roomNumber, past };
  return (
    <>
      {back}
      <PageHeading
        title={t('room', { room: room.room.roomNumber })}
        subtitle={[room.property_id.title, room.property_id.street, room.property_id.city].filter(Boolean).join(' · ')}
      />
      <p className="-mt-3 mb-5 text-sm text-slate-700">
        {t.rich('detail.owner', { name: <span className="font-medium text-slate-900">{room.ownerId.fullName}</span> })}
      </p>
      {past ? (
        <p role="status" className="mb-5 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          {t('detail.pastNote', { date: room.moveOutDate ? formatLongDate(room.moveOutDate, locale) : '-' })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={t('detail.rent')} value={!past && room.terms ? formatPaise(room.terms.rent) : formatRupees(room.rentAmount)} />
        <Stat label={t('detail.movedIn')} value={room.moveInDate ? formatLongDate(room.moveInDate, locale) : '-'} />
        {past ? <Stat label={t('detail.movedOut')} value={room.moveOutDate ? formatLongDate(room.moveOutDate, locale) : '-'} /> : null}
        {/* Last Bill: the room's latest bill date; Last Payment: the latest payment's date and amount (B6). */}
        <Stat label={t('detail.lastBill')} value={renderLastBill ? renderLastBill(ref) : '-'} />
        <Stat
          label={t('detail.lastPayment')}
          value={
            room.lastPayment ? (
              <>
                {formatMoney(room.lastPayment.amount)}
                <span className="block text-sm font-medium text-slate-600">{formatLongDate(room.lastPayment.paidAt, locale)}</span>
              </>
            ) : (
              '-'
            )
          }
        />
      </dl>
      {/* Two dates side by side ("Moved in 29 November", "Lease start 1 December") read as a mistake: say which is which. */}
      {!past && room.moveInDate && room.terms?.startDate && room.terms.startDate.slice(0, 10) !== room.moveInDate.slice(0, 10) ? (
        <p className="mt-2 text-sm text-slate-600">
          {t('detail.movedIn.note', {
            movedIn: formatLongDate(room.moveInDate, locale),
            start: formatLongDate(room.terms.startDate, locale),
          })}
        </p>
      ) : null}
      {past ? null : (
        <div className="mt-4">
          <OwedSummary
            outstanding={room.outstanding}
            overdue={room.overdue}
            nextDue={room.nextDue}
            payBillId={payable.data?.get(room.roomId)}
            roomLabel={t('room', { room: room.room.roomNumber })}
            reported={room.reported}
          />
        </div>
      )}
      {renderLease && !past ? <div className="mt-4">{renderLease(ref)}</div> : null}
      {renderDeposit?.(ref)}
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <h2>
            <button
              type="button"
              aria-expanded={billsOpen}
              aria-controls={billsId}
              onClick={() => setBillsOpen((o) => !o)}
              className="flex w-full items-center gap-4 p-5 text-left hover:bg-slate-50"
            >
              <TileFace icon={ReceiptIndianRupee} title={t('detail.bills')} subtitle={t('detail.bills.text')} />
              <ChevronDown aria-hidden="true" className={`h-5 w-5 text-slate-600 transition ${billsOpen ? 'rotate-180' : ''}`} />
            </button>
          </h2>
          <div id={billsId} hidden={!billsOpen} className="border-t border-slate-200 p-5">
            {billsOpen && renderBills ? (
              renderBills(ref)
            ) : (
              <>
                <p className="font-medium text-slate-800">{t('detail.bills.none')}</p>
                <p className="mt-1 text-sm text-slate-600">{t('detail.bills.none.text')}</p>
              </>
            )}
          </div>
        </section>
        {past ? null : (
          <Link
            to={PATHS.tenant.messagesAbout(room.roomId, true)}
            className="group flex items-center gap-4 self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
          >
            <TileFace icon={Wrench} title={t('detail.maintenance')} subtitle={t('detail.maintenance.text')} />
          </Link>
        )}
      </div>
      {renderPayments ? renderPayments(ref) : null}
      {renderDocuments && !past ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">{renderDocuments(ref)}</div>
      ) : null}
    </>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

/** The face of a big tile (a section toggle or a link): its icon, title and one line saying what it holds. */
function TileFace({ icon: Icon, title, subtitle }: { icon: LucideIcon; title: string; subtitle: string }) {
  return (
    <>
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon aria-hidden="true" className="h-6 w-6" />
      </span>
      <span className="flex-1">
        <span className="block text-lg font-semibold text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{subtitle}</span>
      </span>
    </>
  );
}
