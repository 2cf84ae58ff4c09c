import { bpToPercent, FIRST_BILL_MIN_DAYS, type LateFeeValues, type LeaseTerms } from '@kiraya/contract';
import type { LeaseTermsRow, StoredRequestTerms } from '../../db/schema.js';

/** Lease terms inside the server: paise and hundredths of a percent (the columns of `lease_terms`). */
export type TermsValues = {
  rentPaise: number;
  depositPaise: number;
  rentDueDay: number;
  startDate: string;
  termMonths: number;
  incrementBp: number;
  noticeMonths: number;
  lateFee: LateFeeValues | null;
};

export const lateFeeOf = (
  r: Pick<LeaseTermsRow, 'lateFeeKind' | 'lateFeePaise' | 'lateFeeBp' | 'lateFeeGraceDays'>,
): LateFeeValues | null =>
  r.lateFeeKind === 'flat' && r.lateFeePaise !== null
    ? { kind: 'flat', amountPaise: r.lateFeePaise, graceDays: r.lateFeeGraceDays ?? 0 }
    : r.lateFeeKind === 'percent' && r.lateFeeBp !== null
      ? { kind: 'percent', percentBp: r.lateFeeBp, graceDays: r.lateFeeGraceDays ?? 0 }
      : null;

/**
 * The days a lease's first Rent Bill gives the tenant from the start (ADR 041): FIRST_BILL_MIN_DAYS, or the late
 * fee's grace days when longer, for the lease start's month; 0 (the due day as it falls) for any other period.
 */
export function firstBillDays(versions: readonly LeaseTermsRow[], period: string): number {
  const first = versions[0];
  if (!first || period !== `${first.startDate.slice(0, 7)}-01`) return 0;
  return Math.max(FIRST_BILL_MIN_DAYS, first.lateFeeGraceDays ?? 0);
}

export const valuesOf = (r: LeaseTermsRow): TermsValues => ({
  rentPaise: r.rentPaise,
  depositPaise: r.depositPaise,
  rentDueDay: r.rentDueDay,
  startDate: r.startDate,
  termMonths: r.termMonths,
  incrementBp: r.incrementBp,
  noticeMonths: r.noticeMonths,
  lateFee: lateFeeOf(r),
});

/** The columns of a `lease_terms` row for these values. */
export const columnsOf = (v: TermsValues) => ({
  rentPaise: v.rentPaise,
  depositPaise: v.depositPaise,
  rentDueDay: v.rentDueDay,
  startDate: v.startDate,
  termMonths: v.termMonths,
  incrementBp: v.incrementBp,
  noticeMonths: v.noticeMonths,
  lateFeeKind: v.lateFee?.kind ?? null,
  lateFeePaise: v.lateFee?.kind === 'flat' ? v.lateFee.amountPaise : null,
  lateFeeBp: v.lateFee?.kind === 'percent' ? v.lateFee.percentBp : null,
  lateFeeGraceDays: v.lateFee ? v.lateFee.graceDays : null,
});

const lateFeeView = (f: LateFeeValues | null): LeaseTerms['lateFee'] =>
  !f
    ? null
    : f.kind === 'flat'
      ? { kind: 'flat', amount: f.amountPaise, graceDays: f.graceDays }
      : { kind: 'percent', percent: bpToPercent(f.percentBp), graceDays: f.graceDays };

/** The terms as the API answers them (paise). */
export const termsView = (v: TermsValues): LeaseTerms => ({
  rent: v.rentPaise,
  securityDeposit: v.depositPaise,
  rentDueDay: v.rentDueDay,
  startDate: v.startDate,
  termMonths: v.termMonths,
  incrementPercent: bpToPercent(v.incrementBp),
  noticeMonths: v.noticeMonths,
  lateFee: lateFeeView(v.lateFee),
});

/** An invitation's terms as the API answers them (an open start date and due day stay null). */
export const requestTermsView = (t: StoredRequestTerms) => ({
  rent: t.rentPaise,
  securityDeposit: t.depositPaise,
  rentDueDay: t.rentDueDay,
  startDate: t.startDate,
  termMonths: t.termMonths,
  incrementPercent: bpToPercent(t.incrementBp),
  noticeMonths: t.noticeMonths,
  lateFee: lateFeeView(t.lateFee),
});
