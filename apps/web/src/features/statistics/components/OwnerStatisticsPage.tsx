import { MSG } from '@kiraya/contract/messages';
import { monthLabel } from '@kiraya/contract/statistics';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { formatLongDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { LoadFailed } from './LoadFailed';
import { useOwnerStatistics } from '../api/statistics';
import { BarChart, BarList, Figure, fullRupees } from './charts';
import { PaymentsTable } from './PaymentsTable';
import { TdsNotices } from './TdsNotices';

/** /OwnerDashboard/Statistics (B6): the last 12 months from real bills, payments and tenancies. */
export function OwnerStatisticsPage() {
  const q = useOwnerStatistics();
  const heading = <PageHeading title="Statistics" subtitle="Rent billed and collected, what is owed, and how full your rooms are" />;
  if (q.isPending) return <Spinner label="Loading statistics" />;
  if (q.isError) return <LoadFailed heading={heading} error={q.error} />;
  const s = q.data;
  const labels = s.months.map((m) => monthLabel(m.month));
  const nothing = s.totals.billed === 0 && s.totals.outstanding === 0 && s.latestPayments.length === 0;
  return (
    <>
      {heading}
      {nothing ? (
        <div className="mb-6 rounded-xl border border-dashed border-slate-300 bg-white p-6">
          <p className="font-medium text-slate-800">{MSG.noStatisticsOwner}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link to={PATHS.owner.properties} className={primaryButton}>
              Go to Properties
            </Link>
          </div>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label="Billed (12 months)" value={fullRupees(s.totals.billed)} />
        <Figure
          label="Collected on these bills"
          value={fullRupees(s.totals.collected)}
          tone="good"
          note="Paid so far of the bills dated in these 12 months, whenever it was paid."
        />
        <Figure
          label="Received (12 months)"
          value={fullRupees(s.totals.received)}
          tone="good"
          note="Payments that reached you in these 12 months, for bills of any date."
        />
        <Figure label="Outstanding" value={fullRupees(s.totals.outstanding)} tone={s.totals.overdue > 0 ? 'warn' : 'plain'} />
        <Figure label="Rooms let now" value={`${s.rooms.occupied} of ${s.rooms.total}`} />
      </dl>
      {s.totals.overdue > 0 ? <p className="mt-2 text-sm text-red-700">Overdue: {fullRupees(s.totals.overdue)}</p> : null}
      <TdsNotices notices={s.tds} viewer="owner" />
      <div className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <BarChart
          title="Billed vs collected per month"
          description="Bills by bill date; collected is what has been paid of that month's bills so far."
          empty="No bills in the last 12 months."
          labels={labels}
          series={[
            { name: 'Billed', color: '#94a3b8', values: s.months.map((m) => m.billed) },
            { name: 'Collected', color: '#15803d', values: s.months.map((m) => m.collected) },
          ]}
          yLabel="Rupees"
        />
        <BarChart
          title="Payments received per month"
          description="By the day the payment was made (India time)."
          labels={labels}
          series={[{ name: 'Received', color: '#1d4ed8', values: s.months.map((m) => m.received) }]}
          empty="No payments received in the last 12 months."
          yLabel="Rupees"
        />
        <BarChart
          title="Occupancy over time"
          description="Rooms with a tenant at some point in the month, of all your rooms."
          labels={labels}
          unit="count"
          series={[
            { name: 'Occupied rooms', color: '#b45309', values: s.months.map((m) => m.occupiedRooms) },
            { name: 'All rooms', color: '#cbd5e1', values: s.months.map((m) => m.totalRooms) },
          ]}
          yLabel="Rooms"
        />
        <div className="grid min-w-0 gap-4">
          <BarList
            title="Outstanding by property"
            empty="Nothing is owed: every bill is paid."
            items={s.outstandingByProperty.map((p) => ({
              key: p._id,
              label: p.title,
              value: p.outstanding,
              note: p.overdue > 0 ? `${fullRupees(p.overdue)} overdue` : undefined,
            }))}
          />
          <BarList
            title="Outstanding by room"
            empty="Nothing is owed: every bill is paid."
            items={s.outstandingByRoom.map((r) => ({
              key: r.room._id,
              label: `${r.property.title} · Room ${r.room.roomNumber}`,
              value: r.outstanding,
              note: r.overdue > 0 ? `${fullRupees(r.overdue)} overdue` : undefined,
            }))}
          />
        </div>
      </div>
      <section className="mt-6" aria-labelledby="latest-payments">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h2 id="latest-payments" className="text-lg font-semibold text-slate-900">
            Latest payments received
          </h2>
          <Link to={PATHS.owner.billings} className={secondaryButton}>
            All bills and payments
          </Link>
        </div>
        <PaymentsTable payments={s.latestPayments} empty={MSG.noPaymentsReceived} backLabel="Back to Statistics" />
      </section>
      <p className="mt-4 text-xs text-slate-500">Figures as of {formatLongDate(new Date())}, India time.</p>
    </>
  );
}
