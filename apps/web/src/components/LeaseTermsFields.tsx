import {
  depositNeedsWarning,
  type EditLeaseTermsBody,
  editLeaseTermsBodySchema,
  LEASE_BOUNDS,
  LEASE_TERM_FIELDS,
  type LeaseTerms,
  type LeaseTermsInput,
  leaseTermsInputSchema,
} from '@kiraya/contract/leases';
import { paiseToRupees, tryRupeesToPaise } from '@kiraya/contract/money';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../lib/api';
import { DateField } from './DateInput';
import { SelectField, TextField } from './FormField';
import { useCommonT } from './i18n/common';
import { DepositWarning } from './LeaseTerms';

/**
 * The lease terms fields (issue 22) of Assign Tenant and of Edit lease terms: the values as typed (rupees and
 * percents as text), turned into the contract's input shape and checked with its schema, so the form says what
 * the server would. Blank optional fields are left out: the server fills them (rent from the room, start the
 * day the tenant accepts, due day the start's day).
 */

export type LateFeeChoice = 'none' | 'flat' | 'percent';
export type LeaseTermsForm = {
  rent: string;
  securityDeposit: string;
  rentDueDay: string;
  startDate: string;
  termMonths: string;
  incrementPercent: string;
  noticeMonths: string;
  lateFee: { kind: LateFeeChoice; amount: string; percent: string; graceDays: string };
};

const B = LEASE_BOUNDS;

/** Assign Tenant's defaults: the room's rent, one month's deposit, 11 months, no increment, 1 month's notice. */
export function newTermsForm(roomRentRupees: number | string): LeaseTermsForm {
  const rent = String(roomRentRupees);
  return {
    rent,
    securityDeposit: rent,
    rentDueDay: '',
    startDate: '',
    termMonths: String(B.termMonths.default),
    incrementPercent: String(B.incrementPercent.default),
    noticeMonths: String(B.noticeMonths.default),
    lateFee: { kind: 'none', amount: '', percent: '', graceDays: '5' },
  };
}

/** Edit lease terms' defaults: the terms in force. */
export function termsFormOf(t: LeaseTerms): LeaseTermsForm {
  return {
    rent: String(paiseToRupees(t.rent)),
    securityDeposit: String(paiseToRupees(t.securityDeposit)),
    rentDueDay: String(t.rentDueDay),
    startDate: t.startDate,
    termMonths: String(t.termMonths),
    incrementPercent: String(t.incrementPercent),
    noticeMonths: String(t.noticeMonths),
    lateFee: {
      kind: t.lateFee?.kind ?? 'none',
      amount: t.lateFee?.kind === 'flat' ? String(paiseToRupees(t.lateFee.amount)) : '',
      percent: t.lateFee?.kind === 'percent' ? String(t.lateFee.percent) : '',
      graceDays: String(t.lateFee?.graceDays ?? 5),
    },
  };
}

const given = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** The form's values as the contract's input (rupees as text); blank fields left out. */
export function termsInputOf(v: LeaseTermsForm): LeaseTermsInput {
  return termsOf(v, true) as LeaseTermsInput;
}
/** Edit lease terms' body: the same without the start date (fixed once the tenancy began). */
export function editTermsInputOf(v: LeaseTermsForm): EditLeaseTermsBody {
  return termsOf(v, false) as EditLeaseTermsBody;
}

function termsOf(v: LeaseTermsForm, withStart: boolean): Record<string, unknown> {
  const f = v.lateFee;
  const graceDays = given(f.graceDays);
  const lateFee =
    f.kind === 'flat'
      ? { kind: 'flat' as const, amount: f.amount.trim(), ...(graceDays ? { graceDays } : {}) }
      : f.kind === 'percent'
        ? { kind: 'percent' as const, percent: f.percent.trim(), ...(graceDays ? { graceDays } : {}) }
        : null;
  const out: Record<string, unknown> = {
    rent: given(v.rent),
    securityDeposit: given(v.securityDeposit),
    rentDueDay: given(v.rentDueDay),
    startDate: withStart ? given(v.startDate) : undefined,
    termMonths: given(v.termMonths),
    incrementPercent: given(v.incrementPercent),
    noticeMonths: given(v.noticeMonths),
    lateFee,
  };
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/** The resolver's schemas: the typed values into the contract's input, then the contract's own rules. */
export const newTermsSchema = z
  .custom<LeaseTermsForm>(() => true)
  .transform((v) => termsInputOf(v))
  .pipe(leaseTermsInputSchema);
export const editTermsSchema = z
  .custom<LeaseTermsForm>(() => true)
  .transform(editTermsInputOf)
  .pipe(editLeaseTermsBodySchema);

/** The server's field errors on the terms (`terms.rent` on Assign Tenant, `rent` on Edit), set on the fields. */
export function applyTermsErrors(err: unknown, setError: UseFormReturn<LeaseTermsForm>['setError'], prefix = ''): boolean {
  if (!(err instanceof ApiError)) return false;
  let any = false;
  for (const fe of err.errors) {
    if (!fe.path.startsWith(prefix)) continue;
    const path = fe.path.slice(prefix.length);
    if (!LEASE_TERM_FIELDS.some((f) => path === f || path.startsWith(`${f}.`))) continue;
    setError(path as FieldPath<LeaseTermsForm>, { type: 'server', message: fe.message }, { shouldFocus: !any });
    any = true;
  }
  return any;
}

export function LeaseTermsFields({
  form,
  withStart = true,
  withDueDay = true,
}: {
  form: UseFormReturn<LeaseTermsForm>;
  withStart?: boolean;
  /** A renewal keeps the due day: the field is left out. */
  withDueDay?: boolean;
}) {
  const t = useCommonT();
  const { register, watch, formState } = form;
  const e = formState.errors;
  const kind = watch('lateFee.kind');
  const rentP = tryRupeesToPaise(watch('rent') || '0');
  const depositP = tryRupeesToPaise(watch('securityDeposit') || '0');
  const warn = rentP !== null && depositP !== null && rentP > 0 && depositNeedsWarning(rentP, depositP);
  const money = { inputMode: 'decimal' as const, autoComplete: 'off' };
  const whole = { inputMode: 'numeric' as const, autoComplete: 'off' };
  return (
    <fieldset className="grid grid-cols-2 gap-x-3 gap-y-3">
      <legend className="sr-only">{t('lease.terms')}</legend>
      <TextField label={t('leaseForm.rent')} required error={e.rent?.message} {...money} {...register('rent')} />
      <TextField
        label={t('leaseForm.deposit')}
        hint={t('leaseForm.depositHint')}
        error={e.securityDeposit?.message}
        {...money}
        {...register('securityDeposit')}
      />
      {warn ? <DepositWarning className="col-span-2" /> : null}
      {withDueDay ? (
        <TextField
          label={t('leaseForm.dueDay')}
          hint={withStart ? t('leaseForm.dueDayHintStart') : t('leaseForm.dueDayHint')}
          placeholder={withStart ? t('leaseForm.dueDayPlaceholder') : undefined}
          error={e.rentDueDay?.message}
          {...whole}
          {...register('rentDueDay')}
        />
      ) : null}
      {withStart ? (
        <DateField label={t('leaseForm.start')} hint={t('leaseForm.startHint')} error={e.startDate?.message} {...register('startDate')} />
      ) : null}
      <TextField
        label={t('leaseForm.term')}
        hint={t('leaseForm.termHint')}
        error={e.termMonths?.message}
        {...whole}
        {...register('termMonths')}
      />
      <TextField
        label={t('leaseForm.increment')}
        hint={t('leaseForm.incrementHint')}
        error={e.incrementPercent?.message}
        {...money}
        {...register('incrementPercent')}
      />
      <TextField label={t('leaseForm.notice')} error={e.noticeMonths?.message} {...whole} {...register('noticeMonths')} />
      <SelectField label={t('lease.lateFee')} error={e.lateFee?.kind?.message ?? e.lateFee?.message} {...register('lateFee.kind')}>
        <option value="none">{t('lease.none')}</option>
        <option value="flat">{t('leaseForm.lateFeeFlat')}</option>
        <option value="percent">{t('leaseForm.lateFeePercent')}</option>
      </SelectField>
      {kind === 'flat' ? (
        <TextField label={t('leaseForm.lateFeeAmount')} error={e.lateFee?.amount?.message} {...money} {...register('lateFee.amount')} />
      ) : kind === 'percent' ? (
        <TextField
          label={t('leaseForm.lateFeePercentLabel')}
          hint={t('leaseForm.lateFeePercentHint', { max: B.lateFeePercentMax })}
          error={e.lateFee?.percent?.message}
          {...money}
          {...register('lateFee.percent')}
        />
      ) : null}
      {kind !== 'none' ? (
        <TextField
          label={t('leaseForm.graceDays')}
          hint={t('leaseForm.graceDaysHint')}
          error={e.lateFee?.graceDays?.message}
          {...whole}
          {...register('lateFee.graceDays')}
        />
      ) : null}
    </fieldset>
  );
}
