import { MSG } from '@kiraya/contract/messages';
import { rentPeriodSchema, rentReceiptQuerySchema } from '@kiraya/contract/payments';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router-dom';
import { contractResolver } from '../../../components/form';
import { fieldLabelClass, SelectField, TextField } from '../../../components/FormField';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { useBackLink } from '../../../lib/back';
import { formatLongDate, formatMoney, monthInWords } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useRentReceipt, useTenantRoomsForReceipts } from '../api/payments';
import { useMethodName, usePaymentsT } from '../i18n';
import { addressLine, BackLink, PrintButton, ReceiptTableHead, usePaidAt } from './ReceiptPage';

/** "FY2026-27" (or "Financial year 2026-27", as the API labels a year) → "2026-27"; null for anything else. */
const yearsOf = (text: string): string | null => /(\d{4}-\d{2})$/.exec(text)?.[1] ?? null;

/** The Indian financial year (April to March) a day falls in, as `FY2026-27`. */
export function financialYearOf(d: Date): string {
  const y = d.getMonth() >= 3 ? d.getFullYear() : d.getFullYear() - 1;
  return `FY${y}-${String((y + 1) % 100).padStart(2, '0')}`;
}
/** This and the three previous financial years, newest first. */
export function recentFinancialYears(today: Date, n = 4): string[] {
  const first = Number(financialYearOf(today).slice(2, 6));
  return Array.from({ length: n }, (_, i) => {
    const y = first - i;
    return `FY${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  });
}
/** The picker's fields: the room (the tenant's select) and the period, checked with the receipt query's own rule. */
type Picker = { roomId: string; period: string };
const pickerSchema = rentReceiptQuerySchema.pick({ period: true });

const monthOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/**
 * Rent receipts for HRA (B18): the tenant picks a room (the owner comes from a room's billing tab) and a
 * month or financial year, and prints the receipt: tenant, owner (with PAN when the year's rent passes
 * ₹1,00,000), property address, period, rent paid, payment references, date and a signature line.
 */
export function RentReceiptPage({ viewer, backTo, backLabel }: { viewer: 'tenant' | 'owner'; backTo: string; backLabel: string }) {
  const t = usePaymentsT();
  const msg = useMsg();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const back = useBackLink({ to: backTo, label: backLabel });
  const rooms = useTenantRoomsForReceipts(viewer === 'tenant');
  const today = new Date();
  const roomId = params.get('roomId') ?? (viewer === 'tenant' && rooms.data?.length === 1 ? (rooms.data[0]?.roomId ?? '') : '');
  const period = params.get('period') ?? monthOf(today);
  const kind = period.startsWith('FY') ? 'year' : 'month';
  const valid = rentPeriodSchema.safeParse(period).success;
  const receipt = useRentReceipt(roomId, valid ? period : '');
  // A period with no rent paid has no receipt to print (issue 19): it says so instead.
  const paid = receipt.data && receipt.data.rentPaid > 0 ? receipt.data : null;
  const ids = useId();
  // The picker holds what the URL says (the URL stays the source of truth): a choice is written back to the
  // search params and comes back in as the form's values; a period the URL got wrong is marked on its field.
  const form = useForm<Picker>({ values: { roomId, period }, resolver: contractResolver<Picker>(pickerSchema) });
  const { errors } = form.formState;
  useEffect(() => {
    if (!valid) void form.trigger('period');
  }, [valid, form]);

  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) next.set(k, v);
    if (!next.get('roomId') && roomId) next.set('roomId', roomId);
    // The state keeps the Back link pointing where the reader came from.
    setParams(next, { replace: true, state: location.state });
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={back.to}>{back.label}</BackLink>
        {paid ? <PrintButton label={t('rent.print')} /> : null}
      </div>
      <div className="print:hidden">
        <PageHeading title={t('rent.title')} subtitle={viewer === 'tenant' ? t('rent.subtitleTenant') : t('rent.subtitleOwner')} />
        <form
          className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3"
          onSubmit={(e) => e.preventDefault()}
        >
          {viewer === 'tenant' ? (
            // A row of its own: a long property name is never cut (issue 19).
            <SelectField
              className="sm:col-span-3"
              id={`${ids}-room`}
              label={t('rent.room')}
              {...form.register('roomId', { onChange: (e) => set({ roomId: e.target.value }) })}
            >
              <option value="">{rooms.isPending ? t('rent.loadingRooms') : t('rent.chooseRoom')}</option>
              {(rooms.data ?? []).map((r) => {
                const names = { room: r.room.roomNumber, property: r.property_id.title };
                return (
                  <option key={r.roomId} value={r.roomId} title={t('rent.roomOption', names)}>
                    {r.past ? t('rent.roomOptionPast', names) : t('rent.roomOption', names)}
                  </option>
                );
              })}
            </SelectField>
          ) : null}
          <fieldset>
            <legend className={fieldLabelClass}>{t('rent.period')}</legend>
            <div className="flex gap-4 py-2">
              <label className="inline-flex items-center gap-2">
                <input type="radio" name={`${ids}-kind`} checked={kind === 'month'} onChange={() => set({ period: monthOf(today) })} />
                {t('rent.month')}
              </label>
              <label className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name={`${ids}-kind`}
                  checked={kind === 'year'}
                  onChange={() => set({ period: financialYearOf(today) })}
                />
                {t('rent.year')}
              </label>
            </div>
          </fieldset>
          {kind === 'month' ? (
            <TextField
              id={`${ids}-month`}
              label={t('rent.month')}
              type="month"
              max={monthOf(today)}
              error={errors.period?.message ? msg(errors.period.message) : undefined}
              {...form.register('period', {
                // An emptied month keeps the period the URL has.
                onChange: (e) => (e.target.value ? set({ period: e.target.value }) : form.setValue('period', period)),
              })}
            />
          ) : (
            <SelectField
              id={`${ids}-year`}
              label={t('rent.year')}
              error={errors.period?.message ? msg(errors.period.message) : undefined}
              {...form.register('period', { onChange: (e) => set({ period: e.target.value }) })}
            >
              {recentFinancialYears(today).map((fy) => (
                <option key={fy} value={fy}>
                  {t('rent.fyOption', { years: yearsOf(fy) ?? fy })}
                </option>
              ))}
            </SelectField>
          )}
        </form>
      </div>
      <div className="mt-6">
        {!roomId ? (
          <p className="text-slate-700 print:hidden">{t('rent.pickRoom')}</p>
        ) : receipt.isPending ? (
          <Spinner label={t('rent.loading')} />
        ) : receipt.isError ? (
          <p role="alert" className="text-slate-800">
            {msg(errorMessage(receipt.error))}
          </p>
        ) : paid ? (
          <RentReceiptSheet r={paid} />
        ) : (
          <p role="status" className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center font-medium text-slate-800">
            {msg(MSG.rentNothingPaid)}
          </p>
        )}
      </div>
    </>
  );
}

type Sheet = NonNullable<ReturnType<typeof useRentReceipt>['data']>;

/** The printable rent receipt itself. */
export function RentReceiptSheet({ r }: { r: Sheet }) {
  const t = usePaymentsT();
  const locale = useLocale();
  const paidAt = usePaidAt();
  const method = useMethodName();
  const day = (iso: string) => formatLongDate(iso, locale);
  const fy = (text: string) => {
    const years = yearsOf(text);
    return years ? t('rent.fyLabel', { years }) : text;
  };
  // The period's name from the period itself (the API's label is English): a month, or a financial year.
  const label = r.period.startsWith('FY') ? fy(r.period) : /^\d{4}-\d{2}$/.test(r.period) ? monthInWords(r.period, locale) : r.label;
  return (
    <article
      aria-label={t('rent.sheet')}
      className="receipt mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="border-b border-slate-200 pb-4 text-center">
        <h2 className="text-2xl font-bold text-slate-900">{t('rent.heading')}</h2>
        <p className="text-slate-700">{t('rent.range', { label, from: day(r.from), to: day(r.to) })}</p>
      </header>
      <p className="mt-5 leading-relaxed text-slate-900">
        {t.rich('rent.received', {
          tenant: <strong>{r.tenant.fullName}</strong>,
          amount: <strong data-testid="rent-paid">{formatMoney(r.rentPaid)}</strong>,
          room: r.room.roomNumber,
          property: r.address.title,
          address: addressLine(r.address),
          from: day(r.from),
          to: day(r.to),
        })}
      </p>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('rent.tenant')}</dt>
          <dd className="font-semibold text-slate-900">{r.tenant.fullName}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('rent.owner')}</dt>
          <dd className="font-semibold text-slate-900">{r.owner.fullName}</dd>
          <dd className="text-sm text-slate-800">
            {t.rich('rent.pan', {
              pan: r.owner.pan ? (
                <span className="font-mono">{r.owner.pan}</span>
              ) : r.panRequired ? (
                <span role="note" className="font-medium text-red-800">
                  {t('rent.panMissing')}
                </span>
              ) : (
                <span className="text-slate-600">{t('rent.panNotRequired')}</span>
              ),
            })}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-slate-600">{t('rent.address')}</dt>
          <dd className="text-slate-900">{t('rent.addressLine', { property: r.address.title, address: addressLine(r.address) })}</dd>
        </div>
      </dl>
      {r.tds ? (
        <p role="note" className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="tds-note">
          <span className="font-semibold">{t('rent.tdsTitle')}</span>{' '}
          {t.rich('rent.tdsText', {
            monthly: formatMoney(r.tds.monthlyRent),
            rate: r.tds.ratePercent,
            tax: <span className="font-semibold">{formatMoney(r.tds.tax)}</span>,
            yearRent: formatMoney(r.tds.yearRent),
            year: fy(r.tds.financialYear),
          })}
        </p>
      ) : null}
      <h3 className="mt-6 font-semibold text-slate-900">{t('rent.references')}</h3>
      {r.payments.length === 0 ? (
        <p className="mt-1 text-slate-700">{t('rent.noPayments')}</p>
      ) : (
        // A narrow phone scrolls the table rather than cut its last column (Hindi headings are longer).
        <div className="mt-2 overflow-x-auto print:overflow-visible">
          <table className="w-full text-left text-sm">
            <ReceiptTableHead columns={[t('rent.rentFor'), t('rent.paidOn'), t('rent.receipt'), t('rent.methodId')]} />
            <tbody>
              {r.payments.map((p) => (
                <tr key={`${p._id}-${p.rentFor}`} className="border-b border-slate-200">
                  <td className="py-2 pr-3">{monthInWords(p.rentFor, locale)}</td>
                  <td className="py-2 pr-3">{paidAt(p.paidAt)}</td>
                  <td className="py-2 pr-3 font-mono">{p.receiptNumber}</td>
                  <td className="py-2 pr-3">
                    {method.ofLabel(p.methodLabel)}
                    {p.paymentId ? <span className="block break-all font-mono text-xs text-slate-600">{p.paymentId}</span> : null}
                  </td>
                  <td className="py-2 text-right">{formatMoney(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-10 flex flex-wrap items-end justify-between gap-6">
        <p className="text-sm text-slate-800">{t('rent.date', { date: day(r.issuedOn) })}</p>
        <div className="w-64 text-center">
          <div className="h-12 border-b border-slate-500" />
          <p className="mt-1 text-sm text-slate-800">{t('rent.signature', { owner: r.owner.fullName })}</p>
        </div>
      </div>
    </article>
  );
}
