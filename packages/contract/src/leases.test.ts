import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  depositNeedsWarning,
  editLeaseTermsBodySchema,
  LEASE_BOUNDS,
  leaseTermsInputSchema,
  percentToBp,
  proposeRenewalBodySchema,
  renewalRentPaise,
  termEndOf,
  termsProblems,
} from './leases.js';
import { MSG } from './messages.js';
import { sendRequestBodySchema } from './tenancy.js';

/** The first issue's message of a failed parse. */
const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const parse = (terms: unknown) => leaseTermsInputSchema.safeParse(terms);

describe('lease terms: every field and its bounds', () => {
  it('turns rupees into paise and percents into hundredths (numbers or text, Indian commas)', () => {
    const r = parse({
      rent: '12,500.50',
      securityDeposit: 25_001,
      rentDueDay: '5',
      startDate: '2026-12-01',
      termMonths: 11,
      incrementPercent: '7.25',
      noticeMonths: 2,
      lateFee: { kind: 'percent', percent: 2.5, graceDays: 3 },
    });
    expect(r.success && r.data).toEqual({
      rentPaise: 1_250_050,
      depositPaise: 2_500_100,
      rentDueDay: 5,
      startDate: '2026-12-01',
      termMonths: 11,
      incrementBp: 725,
      noticeMonths: 2,
      lateFee: { kind: 'percent', percentBp: 250, graceDays: 3 },
    });
    expect(parse({ lateFee: { kind: 'flat', amount: '₹500' } }).data).toEqual({
      lateFee: { kind: 'flat', amountPaise: 50_000, graceDays: 0 },
    });
    expect(parse({ lateFee: null }).data).toEqual({ lateFee: null });
    expect(parse({}).data).toEqual({});
  });

  const cases: [string, unknown, unknown, string][] = [
    // field, a value at the bound that passes, one past it that fails, the message
    ['rent', 1, 0.99, MSG.leaseRent],
    ['securityDeposit', 0, -1, MSG.leaseDeposit],
    ['rentDueDay', 28, 29, MSG.leaseRentDueDay],
    ['rentDueDay', 1, 0, MSG.leaseRentDueDay],
    ['termMonths', 120, 121, MSG.leaseTermMonths],
    ['termMonths', 1, 0, MSG.leaseTermMonths],
    ['incrementPercent', 50, 50.01, MSG.leaseIncrement],
    ['incrementPercent', 0, -0.01, MSG.leaseIncrement],
    ['noticeMonths', 12, 13, MSG.leaseNoticeMonths],
    ['noticeMonths', 0, -1, MSG.leaseNoticeMonths],
    ['startDate', '2028-02-29', '2027-02-29', MSG.leaseStartDate],
  ];
  it.each(cases)('%s: %j passes, %j is refused', (field, good, bad, message) => {
    expect(parse({ [field]: good }).success).toBe(true);
    const r = parse({ [field]: bad });
    expect(r.success).toBe(false);
    expect(messageOf(r)).toBe(message);
  });

  it('late fee: flat at least ₹0.01 and at most a month of rent; percent above 0 and at most 25; grace 0-60 days', () => {
    expect(parse({ lateFee: { kind: 'flat', amount: 0.01 } }).success).toBe(true);
    expect(messageOf(parse({ lateFee: { kind: 'flat', amount: 0 } }))).toBe(MSG.leaseLateFeeAmount);
    expect(messageOf(parse({ rent: 1000, lateFee: { kind: 'flat', amount: 1000.01 } }))).toBe(MSG.leaseLateFeeTooHigh);
    expect(parse({ lateFee: { kind: 'percent', percent: LEASE_BOUNDS.lateFeePercentMax } }).success).toBe(true);
    expect(messageOf(parse({ lateFee: { kind: 'percent', percent: 25.01 } }))).toBe(MSG.leaseLateFeePercent);
    expect(messageOf(parse({ lateFee: { kind: 'percent', percent: 0 } }))).toBe(MSG.leaseLateFeePercent);
    expect(parse({ lateFee: { kind: 'flat', amount: 1, graceDays: 60 } }).success).toBe(true);
    expect(messageOf(parse({ lateFee: { kind: 'flat', amount: 1, graceDays: 61 } }))).toBe(MSG.leaseGraceDays);
    expect(messageOf(parse({ lateFee: { kind: 'flat', amount: 1, graceDays: 1.5 } }))).toBe(MSG.leaseGraceDays);
    expect(messageOf(parse({ lateFee: { kind: 'weekly', amount: 1 } }))).toBe(MSG.leaseLateFeeKind);
  });

  it("deposit: 0 to 10 months' rent; above 2 months a warning, never a refusal", () => {
    expect(parse({ rent: 10_000, securityDeposit: 100_000 }).success).toBe(true);
    expect(messageOf(parse({ rent: 10_000, securityDeposit: 100_000.01 }))).toBe(MSG.leaseDepositTooHigh);
    expect(depositNeedsWarning(1_000_000, 2_000_000)).toBe(false);
    expect(depositNeedsWarning(1_000_000, 2_000_001)).toBe(true);
    expect(termsProblems({ rentPaise: 100, depositPaise: 1001, lateFee: null })).toEqual([
      { path: 'securityDeposit', message: MSG.leaseDepositTooHigh },
    ]);
  });

  it('refuses hostile input with a message, never throws', () => {
    const hostile: unknown[] = [
      null,
      'terms',
      42,
      [],
      { rent: '1e5' },
      { rent: 1.005 },
      { rent: 'NaN' },
      { rent: Number.POSITIVE_INFINITY },
      { rent: '9'.repeat(40) },
      { rentDueDay: '5; drop table users' },
      { rentDueDay: 5.5 },
      { rentDueDay: { $gt: 0 } },
      { startDate: '2026-13-01' },
      { startDate: '<script>' },
      { startDate: 20261201 },
      { incrementPercent: '1.234' },
      { lateFee: 'flat' },
      { lateFee: { kind: 'flat' } },
      { lateFee: { kind: 'percent', amount: 5 } },
      { __proto__: { rent: 1 }, constructor: 1 },
      { rent: 10_000, extra: true },
    ];
    for (const h of hostile) {
      const r = parse(h);
      expect([JSON.stringify(h), r.success]).toEqual([JSON.stringify(h), false]);
      expect(typeof messageOf(r)).toBe('string');
    }
    expect(messageOf(parse({ bogus: 1 }))).toBe(MSG.leaseTermsUnknownField);
  });

  it("the owner's edit takes any subset but the start date, and at least one field", () => {
    expect(editLeaseTermsBodySchema.safeParse({ rent: 9000 }).data).toEqual({ rentPaise: 900_000 });
    expect(messageOf(editLeaseTermsBodySchema.safeParse({}))).toBe(MSG.leaseNothingToChange);
    expect(messageOf(editLeaseTermsBodySchema.safeParse({ startDate: '2026-01-01' }))).toBe(MSG.leaseStartDateFixed);
  });

  it('Assign Tenant takes the terms beside the room and tenant, and still works without them', () => {
    expect(sendRequestBodySchema.safeParse({ roomId: 'r', tenantId: 't' }).success).toBe(true);
    expect(sendRequestBodySchema.parse({ roomId: 'r', tenantId: 't', terms: { rent: 100 } }).terms).toEqual({ rentPaise: 10_000 });
  });
});

describe('lease renewal', () => {
  it('defaults the rent to the rent in force with the yearly increment, rounded half up to the rupee', () => {
    // ₹12,345.67 × 1.05 = ₹12,962.9535 → ₹12,963
    expect(renewalRentPaise(1_234_567, 500)).toBe(1_296_300);
    // ₹10,000 × 1.075 = ₹10,750 exactly
    expect(renewalRentPaise(1_000_000, 750)).toBe(1_075_000);
    // ₹9,999.99 at 0 % → ₹10,000 (half up to the rupee)
    expect(renewalRentPaise(999_999, 0)).toBe(1_000_000);
    // ₹9,999.49 at 0 % → ₹9,999
    expect(renewalRentPaise(999_949, 0)).toBe(999_900);
    // exactly half a rupee rounds up: ₹100 × 1.005 = ₹100.50 → ₹101
    expect(renewalRentPaise(10_000, 50)).toBe(10_100);
    // large rents stay exact: ₹9,99,99,999.99 × 1.5
    expect(renewalRentPaise(9_999_999_999, 5000)).toBe(15_000_000_000);
    expect(() => renewalRentPaise(1.5, 0)).toThrow(RangeError);
    // The web takes the increment from the answer's percent.
    expect(renewalRentPaise(1_234_567, percentToBp(5))).toBe(1_296_300);
    expect(percentToBp(7.25)).toBe(725);
    expect(percentToBp(0.29)).toBe(29);
  });

  it("a term's last day", () => {
    expect(termEndOf('2026-04-15', 11)).toBe('2027-03-14');
    expect(termEndOf('2026-01-01', 11)).toBe('2026-11-30');
    expect(termEndOf('2026-01-31', 1)).toBe('2026-02-28');
    expect(dayAfter('2027-02-28')).toBe('2027-03-01');
    expect(dayAfter('2026-12-31')).toBe('2027-01-01');
  });

  it('takes the optional new terms in rupees, refuses unknown fields and out-of-bounds values with the messages', () => {
    expect(proposeRenewalBodySchema.safeParse({}).data).toEqual({});
    expect(proposeRenewalBodySchema.safeParse({ termMonths: 12, rent: '15,000', incrementPercent: 5 }).data).toEqual({
      termMonths: 12,
      rentPaise: 1_500_000,
      incrementBp: 500,
    });
    expect(messageOf(proposeRenewalBodySchema.safeParse({ termMonths: 0 }))).toBe(MSG.leaseTermMonths);
    expect(messageOf(proposeRenewalBodySchema.safeParse({ startDate: '2027-01-01' }))).toBe(MSG.leaseTermsUnknownField);
    expect(messageOf(proposeRenewalBodySchema.safeParse({ rent: 1000, securityDeposit: 20_000 }))).toBe(MSG.leaseDepositTooHigh);
    expect(messageOf(proposeRenewalBodySchema.safeParse('renew'))).toBe(MSG.renewalBodyInvalid);
  });
});
