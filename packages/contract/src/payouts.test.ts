import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { feePercentLabel, maskAccountNumber, payoutDetailsBodySchema, platformFee } from './payouts.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const valid = {
  holderName: 'Asha Rao',
  accountNumber: '123456784321',
  confirmAccountNumber: '1234 5678 4321',
  ifsc: 'hdfc0001234',
  pan: 'abcde1234f',
  currentPassword: 'Secret123',
};

describe('platformFee (paise, rounded down: the owner never gets less than the exact share)', () => {
  it('is nothing at 0 bps (the default)', () => {
    expect(platformFee(1_234_567, 0)).toEqual({ feePaise: 0, netPaise: 1_234_567 });
  });
  it('rounds a fraction of a paisa in the owner’s favour', () => {
    // 1% of ₹12.99 is 12.99 paise: the fee is 12, the owner gets 1287.
    expect(platformFee(1299, 100)).toEqual({ feePaise: 12, netPaise: 1287 });
    // 2.5% of 1 paisa is 0.025: no fee at all.
    expect(platformFee(1, 250)).toEqual({ feePaise: 0, netPaise: 1 });
  });
  it('is exact when it divides, and fee + net is always the amount', () => {
    expect(platformFee(1_000_000, 150)).toEqual({ feePaise: 15_000, netPaise: 985_000 });
    for (const [a, b] of [
      [999_999, 199],
      [7, 9_999],
      [5_000_00, 10_000],
    ] as const) {
      const { feePaise, netPaise } = platformFee(a, b);
      expect(feePaise + netPaise).toBe(a);
      expect(feePaise).toBeLessThanOrEqual((a * b) / 10_000);
    }
  });
  it('labels a rate as a percent', () => {
    expect([0, 5, 50, 250, 1000, 10_000].map(feePercentLabel)).toEqual(['0%', '0.05%', '0.5%', '2.5%', '10%', '100%']);
  });
  it('refuses fractions of paise and rates outside 0–10000 bps', () => {
    expect(() => platformFee(10.5, 100)).toThrow(RangeError);
    expect(() => platformFee(-1, 100)).toThrow(RangeError);
    expect(() => platformFee(100, 10_001)).toThrow(RangeError);
    expect(() => platformFee(100, 1.5)).toThrow(RangeError);
  });
});

describe('payout details', () => {
  it('normalises the number, IFSC and PAN', () => {
    const v = payoutDetailsBodySchema.parse(valid);
    expect(v.accountNumber).toBe('123456784321');
    expect(v.ifsc).toBe('HDFC0001234');
    expect(v.pan).toBe('ABCDE1234F');
  });
  it('refuses an IFSC of another shape', () => {
    for (const ifsc of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC0001234X', 'HDFC000123$']) {
      expect(firstMessage(payoutDetailsBodySchema.safeParse({ ...valid, ifsc }))).toBe(MSG.payoutIfsc);
    }
  });
  it('wants the account number twice, the same', () => {
    const r = payoutDetailsBodySchema.safeParse({ ...valid, confirmAccountNumber: '123456784322' });
    expect(firstMessage(r)).toBe(MSG.payoutAccountNumbersDiffer);
    expect(firstMessage(payoutDetailsBodySchema.safeParse({ ...valid, accountNumber: '12AB', confirmAccountNumber: '12AB' }))).toBe(
      MSG.payoutAccountNumber,
    );
  });
  it('wants the password and no unknown fields', () => {
    expect(firstMessage(payoutDetailsBodySchema.safeParse({ ...valid, currentPassword: '' }))).toBe(MSG.passwordRequired);
    expect(payoutDetailsBodySchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
  });
  it('masks a number to its last four', () => {
    expect(maskAccountNumber('4321')).toBe('••••4321');
  });
});
