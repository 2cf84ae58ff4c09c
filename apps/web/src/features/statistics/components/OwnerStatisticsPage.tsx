import { MSG } from '@kiraya/contract/messages';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { PATHS } from '../../../lib/paths';
import { LoadFailed } from './LoadFailed';
import { useOwnerStatistics } from '../api/statistics';
import { useStatsT } from '../i18n';
import { BarChart, BarList, Figure, fullRupees } from './charts';
import { shortMonth } from './labels';
import { PaymentsTable } from './PaymentsTable';
import { TdsNotices } from './TdsNotices';

/** /OwnerDashboard/Statistics (B6): the last 12 months from real bills, payments and tenancies. */
export function OwnerStatisticsPage() {
  const t = useStatsT();
  const msg = useMsg();
  const locale = useLocale();
  const q = useOwnerStatistics();
  const heading = <PageHeading title={t('title')} subtitle={t('owner.subtitle')} />;
  if (q.isPending) return <Spinner label={t('loading')} />;
  if (q.isError) return <LoadFailed heading={heading} error={q.error} />;
  const s = q.data;
  const labels = s.months.map((m) => shortMonth(m.month, locale));
  const nothing = s.totals.billed === 0 && s.totals.outstanding === 0 && s.latestPayments.length === 0;
  return (
    <>
      {heading}
      {nothing ? (
        <div className="mb-6 rounded-xl border border-dashed border-slate-300 bg-white p-6">
          <p className="font-medium text-slate-800">{msg(MSG.noStatisticsOwner)}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link to={PATHS.owner.properties} className={primaryButton}>
              {t('goProperties')}
            </Link>
          </div>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label={t('owner.billed')} value={fullRupees(s.totals.billed)} />
        <Figure label={t('owner.collected')} value={fullRupees(s.totals.collected)} tone="good" note={t('owner.collected.note')} />
        <Figure label={t('owner.received')} value={fullRupees(s.totals.received)} tone="good" note={t('owner.received.note')} />
        <Figure label={t('outstanding')} value={fullRupees(s.totals.outstanding)} tone={s.totals.overdue > 0 ? 'warn' : 'plain'} />
        <Figure label={t('owner.roomsLet')} value={t('owner.roomsLet.value', { occupied: s.rooms.occupied, total: s.rooms.total })} />
      </dl>
      {(s.totals.depositReceived ?? 0) > 0 ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="deposit-received">
          {t('owner.depositReceived', { amount: fullRupees(s.totals.depositReceived ?? 0) })}
        </p>
      ) : null}
      {s.totals.overdue > 0 ? (
        <p className="mt-2 text-sm text-red-700">{t('owner.overdue', { amount: fullRupees(s.totals.overdue) })}</p>
      ) : null}
      <TdsNotices notices={s.tds} viewer="owner" />
      <div className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <BarChart
          title={t('owner.chart.billed')}
          description={t('owner.chart.billed.description')}
          empty={t('chart.noBills')}
          labels={labels}
          series={[
            { name: t('owner.chart.billed.billed'), color: '#94a3b8', values: s.months.map((m) => m.billed) },
            { name: t('owner.chart.billed.collected'), color: '#15803d', values: s.months.map((m) => m.collected) },
          ]}
          yLabel={t('chart.rupees')}
        />
        <BarChart
          title={t('owner.chart.received')}
          description={t('owner.chart.received.description')}
          labels={labels}
          series={[{ name: t('owner.chart.received.series'), color: '#1d4ed8', values: s.months.map((m) => m.received) }]}
          empty={t('owner.chart.received.empty')}
          yLabel={t('chart.rupees')}
        />
        <BarChart
          title={t('owner.chart.occupancy')}
          description={t('owner.chart.occupancy.description')}
          labels={labels}
          unit="count"
          series={[
            { name: t('owner.chart.occupancy.occupied'), color: '#b45309', values: s.months.map((m) => m.occupiedRooms) },
            { name: t('owner.chart.occupancy.all'), color: '#cbd5e1', values: s.months.map((m) => m.totalRooms) },
          ]}
          yLabel={t('owner.chart.occupancy.axis')}
        />
        <div className="grid min-w-0 gap-4">
          <BarList
            title={t('owner.byProperty')}
            empty={t('owner.nothingOwed')}
            items={s.outstandingByProperty.map((p) => ({
              key: p._id,
              label: p.title,
              value: p.outstanding,
              note: p.overdue > 0 ? t('owner.overdueNote', { amount: fullRupees(p.overdue) }) : undefined,
            }))}
          />
          <BarList
            title={t('owner.byRoom')}
            empty={t('owner.nothingOwed')}
            items={s.outstandingByRoom.map((r) => ({
              key: r.room._id,
              label: t('place', { property: r.property.title, room: r.room.roomNumber }),
              value: r.outstanding,
              note: r.overdue > 0 ? t('owner.overdueNote', { amount: fullRupees(r.overdue) }) : undefined,
            }))}
          />
        </div>
      </div>
      <section className="mt-6" aria-labelledby="latest-payments">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-3">
          <h2 id="latest-payments" className="text-lg font-semibold text-slate-900">
            {t('owner.latest')}
          </h2>
          <Link to={PATHS.owner.billings} className={secondaryButton}>
            {t('owner.allBills')}
          </Link>
        </div>
        <PaymentsTable payments={s.latestPayments} empty={msg(MSG.noPaymentsReceived)} backLabel={t('owner.backToStatistics')} />
      </section>
      <p className="mt-4 text-xs text-slate-500">{t('owner.asOf', { date: formatLongDate(new Date(), locale) })}</p>
    </>
  );
}
