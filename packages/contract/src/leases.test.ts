import { describe, expect, it } from 'vitest';
import { depositNeedsWarning, editLeaseTermsBodySchema, LEASE_BOUNDS, leaseTermsInputSchema, termsProblems } from './leases.js';
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
