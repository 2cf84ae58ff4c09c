import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import {
  accountPanSchema,
  createOrderBodySchema,
  panSchema,
  rentPeriodRange,
  rentPeriodSchema,
  rentReceiptQuerySchema,
  verifyPaymentBodySchema,
} from './payments.js';
import { updateAccountBodySchema } from './users.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('payment contract', () => {
  it('takes the amount in rupees (number or text) as exact paise, refusing what is not a positive whole paisa', () => {
    expect(createOrderBodySchema.parse({ roomId: 'r', amount: '1,234.5' }).amount).toBe(123_450);
    expect(createOrderBodySchema.parse({ roomId: 'r', amount: 0.01 }).amount).toBe(1);
    for (const amount of [0, -1, 'abc', 1e308, Number.NaN, '1\u0000', null]) {
      expect(firstMessage(createOrderBodySchema.safeParse({ roomId: 'r', amount })), String(amount)).toBe(MSG.paymentAmountInvalid);
    }
  });

  it('says a fraction of a paisa is one, instead of "enter a valid amount"', () => {
    expect(MSG.paymentAmountDecimals).toBe('Amount can have at most two decimals: there is no fraction of a paisa.');
    for (const amount of ['1.005', 1.005, '₹ 1,000.125', 0.001, 1e-7]) {
      expect(firstMessage(createOrderBodySchema.safeParse({ roomId: 'r', amount })), String(amount)).toBe(MSG.paymentAmountDecimals);
    }
    expect(createOrderBodySchema.parse({ roomId: 'r', amount: '1.500' }).amount).toBe(150);
  });

  it("accepts the spec's and Razorpay's field names on verify, and ignores the client's amount and tenant", () => {
    const spec = verifyPaymentBodySchema.parse({ paymentId: 'pay_1', orderId: 'order_1', signature: 'ab12', amount: 5, tenantId: 'x' });
    const rzp = verifyPaymentBodySchema.parse({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'ab12' });
    expect(spec).toEqual({ paymentId: 'pay_1', orderId: 'order_1', signature: 'ab12' });
    expect(rzp).toEqual(spec);
    expect(firstMessage(verifyPaymentBodySchema.safeParse({ paymentId: 'pay_1' }))).toBe(MSG.paymentVerifyFailed);
  });

  it('reads rent periods: a month or an Indian financial year', () => {
    expect(rentPeriodRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28', label: 'February 2026' });
    expect(rentPeriodRange('FY2025-26')).toEqual({ from: '2025-04-01', to: '2026-03-31', label: 'Financial year 2025-26' });
    for (const bad of ['2026-13', 'FY2025-27', '2026', 'FY99-00']) expect(rentPeriodSchema.safeParse(bad).success, bad).toBe(false);
    expect(rentReceiptQuerySchema.parse({ roomId: 'r', period: 'FY2099-00', tenantId: 't' }).tenantId).toBe('t');
  });

  it("checks an owner's PAN (upper-cased); '' or null removes it on the account form", () => {
    expect(panSchema.parse(' abcde1234f ')).toBe('ABCDE1234F');
    expect(firstMessage(panSchema.safeParse('ABCDE12345'))).toBe(MSG.panFormat);
    expect(accountPanSchema.parse('')).toBe('');
    expect(accountPanSchema.parse(null)).toBeNull();
    expect(accountPanSchema.parse(undefined)).toBeUndefined();
    const account = {
      fullName: 'Priya R',
      email: 'p@example.com',
      phoneNumber: '9876543210',
      aadharCardNumber: '234567890124',
      address: 'A street',
    };
    const parsed = updateAccountBodySchema.safeParse({ ...account, pan: 'X'.repeat(31) });
    expect(firstMessage(parsed)).toBe(MSG.panFormat);
  });
});
