import { describe, expect, it } from 'vitest';
import { ANY_BILL_TYPES, BILL_TYPES, DEPOSIT_BILL_TYPE } from './constants.js';
import {
  DEPOSIT_LIMITS,
  disputeDeductionBodySchema,
  disputeMessageText,
  settleDepositBodySchema,
  settlementMismatch,
  settlementTotal,
} from './deposits.js';
import { MSG } from './messages.js';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const refund = { amount: 0 };

describe('the deposit bill type', () => {
  it('is a system bill type: answered by the API, not offered on the upload form', () => {
    expect(ANY_BILL_TYPES).toContain(DEPOSIT_BILL_TYPE);
    expect(BILL_TYPES as readonly string[]).not.toContain(DEPOSIT_BILL_TYPE);
  });
});

describe('settling a deposit: the input', () => {
  it('turns rupees into paise (numbers or text) and defaults what may be left out', () => {
    const r = settleDepositBodySchema.safeParse({
      deductions: [{ kind: 'damage', reason: '  Broken window  ', amount: '1,234.56', photoIds: ['p1'] }],
      refund: { amount: 13_765.44, method: 'bank_transfer', reference: 'UTR123', date: '2026-11-20' },
    });
    expect(r.success && r.data).toEqual({
      deductions: [{ kind: 'damage', reason: 'Broken window', amount: 123_456, photoIds: ['p1'] }],
      refund: { amount: 1_376_544, method: 'bank_transfer', reference: 'UTR123', date: '2026-11-20' },
    });
    expect(settleDepositBodySchema.parse({ refund: { amount: 0 } })).toEqual({ deductions: [], refund: { amount: 0, reference: '' } });
    expect(settlementTotal(r.success ? r.data : { deductions: [], refund: { amount: 0 } as never })).toBe(1_500_000);
  });

  const bad: [string, unknown, string][] = [
    ['an unknown kind', { deductions: [{ kind: 'rent', reason: 'x', amount: 1 }], refund }, MSG.depositDeductionKind],
    ['a blank reason', { deductions: [{ kind: 'other', reason: '   ', amount: 1 }], refund }, MSG.depositDeductionReason],
    ['a zero deduction', { deductions: [{ kind: 'other', reason: 'x', amount: 0 }], refund }, MSG.depositDeductionAmount],
    ['a negative deduction', { deductions: [{ kind: 'other', reason: 'x', amount: -5 }], refund }, MSG.depositDeductionAmount],
    ['three decimals', { deductions: [{ kind: 'other', reason: 'x', amount: '1.005' }], refund }, MSG.depositDeductionAmount],
    ['a negative refund', { refund: { amount: -1 } }, MSG.depositRefundAmount],
    ['a refund without method', { refund: { amount: 10, date: '2026-01-01' } }, MSG.depositRefundMethod],
    ['a refund without date', { refund: { amount: 10, method: 'cash' } }, MSG.depositRefundDate],
    ['an unknown method', { refund: { amount: 10, method: 'crypto', date: '2026-01-01' } }, MSG.depositRefundMethod],
    ['an impossible date', { refund: { amount: 10, method: 'cash', date: '2026-02-30' } }, MSG.depositRefundDate],
    ['no refund at all', { deductions: [] }, MSG.depositRefundAmount],
    [
      'too many deductions',
      { deductions: Array.from({ length: DEPOSIT_LIMITS.deductionsMax + 1 }, () => ({ kind: 'other', reason: 'x', amount: 1 })), refund },
      MSG.depositDeductionsMax,
    ],
    [
      'too many photos',
      { deductions: [{ kind: 'other', reason: 'x', amount: 1, photoIds: ['1', '2', '3', '4', '5', '6'] }], refund },
      MSG.depositPhotosMax,
    ],
  ];
  it.each(bad)('refuses %s with its message', (_what, body, message) => {
    expect(messageOf(settleDepositBodySchema.safeParse(body))).toBe(message);
  });

  it('checks held = deductions + refund to the paisa, naming both sums', () => {
    expect(settlementMismatch(1_500_000, 1_500_000)).toBeNull();
    expect(settlementMismatch(1_500_000, 1_500_001)).toBe(MSG.depositSumMismatch('₹15,000.00', '₹15,000.01'));
  });
});

describe('disputing a deduction', () => {
  it('needs the deduction and the tenant’s words; the message names the deduction and its amount', () => {
    expect(messageOf(disputeDeductionBodySchema.safeParse({ deductionId: 'd', text: '  ' }))).toBe(MSG.depositDisputeText);
    expect(messageOf(disputeDeductionBodySchema.safeParse({ text: 'x' }))).toBe(MSG.depositDeductionNotFound);
    expect(disputeMessageText({ kind: 'cleaning', reason: 'Deep clean', amountPaise: 250_000 }, 'It was clean.')).toBe(
      'I dispute the deposit deduction "Cleaning: Deep clean" of ₹2,500.00. It was clean.',
    );
  });
});
