import { ANY_BILL_TYPES } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/Badge';
import { secondaryButton } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { PATHS } from '../../../lib/paths';
import { LoadFailed } from './LoadFailed';
import { useTenantStatistics } from '../api/statistics';
import { useStatsT } from '../i18n';
import { BarChart, Figure, fullRupees } from './charts';
import { billTypeText, shortMonth } from './labels';
import { TdsNotices } from './TdsNotices';

/** One colour per bill type, Kiraya's own (the rent cycle's Late Fee, issue 22) included (distinct, readable on white). */
const TYPE_COLORS = [
  '#1d4ed8',
  '#b45309',
  '#0e7490',
  '#7c3aed',
  '#15803d',
  '#be123c',
  '#4d7c0f',
  '#c2410c',
  '#0f766e',
  '#64748b',
  '#a21caf',
];

/** /TenantDashboard/Statistics (B6): spending per month by bill type, what is due next, totals. */
export function TenantStatisticsPage() {
  const t = useStatsT();
  const msg = useMsg();
  const locale = useLocale();
  const q = useTenantStatistics();
  const heading = <PageHeading title={t('title')} subtitle={t('tenant.subtitle')} />;
  if (q.isPending) return <Spinner label={t('loading')} />;
  if (q.isError) return <LoadFailed heading={heading} error={q.error} />;
  const s = q.data;
  const labels = s.months.map((m) => shortMonth(m.month, locale));
  const used = ANY_BILL_TYPES.filter((t) => s.months.some((m) => m.byType.some((b) => b.billType === t)));
  const nothing = s.totals.billed === 0;
  return (
    <>
      {heading}
      {nothing ? (
        <div className="mb-6 rounded-xl border border-dashed border-slate-300 bg-white p-6">
          <p className="font-medium text-slate-800">{msg(MSG.noStatisticsTenant)}</p>
          <Link to={PATHS.tenant.myRooms} className={`${secondaryButton} mt-3`}>
            {t('tenant.goMyRooms')}
          </Link>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t('tenant.billed')} value={fullRupees(s.totals.billed)} />
        <Figure label={t('tenant.paid')} value={fullRupees(s.totals.paid)} tone="good" />
        <Figure label={t('outstanding')} value={fullRupees(s.totals.outstanding)} />
        <Figure label={t('status.overdue')} value={fullRupees(s.totals.overdue)} tone={s.totals.overdue > 0 ? 'warn' : 'plain'} />
      </dl>
      <TdsNotices notices={s.tds} viewer="tenant" />
      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="due-next">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="due-next" className="text-base font-semibold text-slate-900">
            {t('tenant.dueNext')}
          </h2>
          <Link to={PATHS.tenant.billings} className="text-sm font-medium text-brand-700 underline">
            {t('tenant.allBills')}
          </Link>
        </div>
        {s.dueNext.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{msg(nothing ? MSG.noBillsYet : MSG.nothingDue)}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {s.dueNext.map((d) => (
              <li key={d._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium text-slate-900">{billTypeText(t, d.billType)}</span>
                  <span className="block text-xs text-slate-600">
                    {t('tenant.dueNext.place', {
                      property: d.property.title,
                      room: d.room.roomNumber,
                      date: formatDate(d.billDate, locale),
                    })}
                  </span>
                </span>
                {/* Each part keeps to one line (Hindi's are longer); the parts wrap, right-aligned, when the row is narrow. */}
                <span className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
                  <span className="whitespace-nowrap text-slate-700">{t('due', { date: formatDate(d.dueDate, locale) })}</span>
                  {d.overdue ? (
                    <Badge tone="red">
                      <span className="whitespace-nowrap">{t('status.overdue')}</span>
                    </Badge>
                  ) : null}
                  <span className="whitespace-nowrap font-semibold text-slate-900">{fullRupees(d.outstanding)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <BarChart
          title={t('tenant.chart.spending')}
          description={t('tenant.chart.spending.description')}
          empty={t('chart.noBills')}
          labels={labels}
          stacked
          series={used.map((type) => ({
            name: billTypeText(t, type),
            color: TYPE_COLORS[ANY_BILL_TYPES.indexOf(type) % TYPE_COLORS.length] as string,
            values: s.months.map((m) => m.byType.find((b) => b.billType === type)?.amount ?? 0),
          }))}
          yLabel={t('chart.rupees')}
        />
        <BarChart
          title={t('tenant.chart.paid')}
          labels={labels}
          series={[{ name: t('tenant.chart.paid.series'), color: '#15803d', values: s.paidByMonth.map((p) => p.amount) }]}
          empty={t('tenant.chart.paid.empty')}
          yLabel={t('chart.rupees')}
        />
      </div>
    </>
  );
}
