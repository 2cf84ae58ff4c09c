import { MSG } from '@kiraya/contract/messages';
import { formatPaise } from '@kiraya/contract/money';
import { DoorOpen, History, MapPin, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { OwedSummary } from '../../../components/OwedSummary';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatLongDate, formatRupees } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useOwedBillByRoom } from '../../../lib/owedBills';
import { PATHS } from '../../../lib/paths';
import { useMsg } from '../../../lib/useMsg';
import { type TenantRoom, useMyRooms } from '../api/tenancy';
import { useTenancyT } from '../i18n';

/**
 * /TenantDashboard/MyRooms (spec 2): the tenant's current rooms as cards, past tenancies below. `renderLeaseNote`
 * (the leases feature's, passed in by the route) adds a renewal waiting for an answer or a term ending soon;
 * `renderDeposit` (the deposits feature's) the deposit's line.
 */
export function MyRoomsPage({
  renderLeaseNote,
  renderDeposit,
}: {
  renderLeaseNote?: (roomId: string) => ReactNode;
  renderDeposit?: (roomId: string) => ReactNode;
} = {}) {
  const t = useTenancyT();
  const msg = useMsg();
  const locale = useLocale();
  const rooms = useMyRooms();
  const current = rooms.data?.current ?? [];
  const past = rooms.data?.past ?? [];
  const payable = useOwedBillByRoom(current.some((r) => r.outstanding > 0));

  return (
    <>
      <PageHeading title={t('myRooms.title')} subtitle={t('myRooms.subtitle')} />
      {rooms.isPending ? (
        <Spinner label={t('myRooms.loading')} />
      ) : rooms.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{msg(errorMessage(rooms.error))}</p>
          <button type="button" onClick={() => rooms.refetch()} className="mt-2 font-semibold underline">
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          {current.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <DoorOpen aria-hidden="true" className="mx-auto h-8 w-8 text-slate-500" />
              <p className="mt-2 font-semibold text-slate-900">{msg(MSG.noTenantRooms)}</p>
              <p className="mt-1 text-slate-600">{t('myRooms.empty')}</p>
              <Link
                to={PATHS.tenant.search}
                className="mt-4 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
              >
                <Search aria-hidden="true" className="h-5 w-5" />
                {t('myRooms.search')}
              </Link>
            </div>
          ) : (
            <ul aria-label={t('myRooms.list')} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {current.map((r) => (
                <li key={r._id}>
                  <RoomTile
                    room={r}
                    payBillId={payable.data?.get(r.roomId)}
                    leaseNote={renderLeaseNote?.(r.roomId)}
                    deposit={renderDeposit?.(r.roomId)}
                  />
                </li>
              ))}
            </ul>
          )}
          {past.length ? (
            <section aria-labelledby="past-tenancies" className="mt-10">
              <h2 id="past-tenancies" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <History aria-hidden="true" className="h-5 w-5 text-slate-600" />
                {t('myRooms.past')}
              </h2>
              <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                {past.map((r) => (
                  <li key={r._id}>
                    {/* A past tenancy opens read only: its bills, payments and receipts (issue 19). */}
                    <Link
                      to={PATHS.tenant.myRoom(r.roomId)}
                      className="flex flex-col gap-1 px-4 py-3 text-sm hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between"
                    >
                      <span className="font-medium text-brand-800 underline-offset-2 hover:underline">
                        {t('roomAt', { room: r.room.roomNumber, property: r.property_id.title })}
                      </span>
                      <span className="text-slate-700">
                        {t('myRooms.past.period', {
                          from: r.moveInDate ? formatDate(r.moveInDate, locale) : '-',
                          to: r.moveOutDate ? formatDate(r.moveOutDate, locale) : '-',
                          rent: formatRupees(r.rentAmount),
                        })}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}

/** A current room: the card opens the room; what is owed sits below with its own Pay (issue 22). */
function RoomTile({
  room,
  payBillId,
  leaseNote,
  deposit,
}: {
  room: TenantRoom;
  payBillId: string | undefined;
  leaseNote?: ReactNode;
  deposit?: ReactNode;
}) {
  const t = useTenancyT();
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md">
      <RoomTileLink room={room} />
      {leaseNote}
      {deposit}
      <OwedSummary
        outstanding={room.outstanding}
        overdue={room.overdue}
        nextDue={room.nextDue}
        payBillId={payBillId}
        roomLabel={t('room', { room: room.room.roomNumber })}
        reported={room.reported}
      />
    </article>
  );
}

function RoomTileLink({ room }: { room: TenantRoom }) {
  const t = useTenancyT();
  const locale = useLocale();
  return (
    <Link to={PATHS.tenant.myRoom(room.roomId)} className="group flex flex-col">
      <span className="text-lg font-semibold text-slate-900 group-hover:text-brand-800 group-hover:underline">
        {t('room', { room: room.room.roomNumber })}
      </span>
      <span className="mt-0.5 font-medium text-slate-700">{room.property_id.title}</span>
      <span className="mt-3 text-sm text-slate-600">{t('monthlyRent')}</span>
      {/* The lease's rent (issue 22) when there is one: what the tenant agreed to, not the room's listed rent. */}
      <span className="text-xl font-bold text-slate-900">{room.terms ? formatPaise(room.terms.rent) : formatRupees(room.rentAmount)}</span>
      <span className="mt-3 flex items-start gap-1.5 text-sm text-slate-700">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        {room.property_id.street}
      </span>
      {room.leavingOn ? (
        <span className="mt-3 rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900">
          {t('myRooms.leaving', { date: formatLongDate(room.leavingOn, locale) })}
          {/* A move-out earlier than the lease's notice comes with the owner's reason (ADR 041). */}
          {room.leavingReason ? ` ${t('myRooms.leavingReason', { reason: room.leavingReason })}` : null}
        </span>
      ) : null}
    </Link>
  );
}
