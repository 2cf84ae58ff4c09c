import { describe, expect, it } from 'vitest';
import {
  accountVpaSchema,
  isUtr,
  isVpa,
  normaliseReference,
  paymentMethodLabel,
  recordPaymentBodySchema,
  reportPaymentBodySchema,
  upiPayLink,
} from './offline-payments.js';
import { MSG } from './messages.js';

describe('payment methods', () => {
  it('names each way of paying once, telling gateway UPI from UPI straight to the owner', () => {
    expect(paymentMethodLabel('gateway', 'card')).toBe('Card');
    expect(paymentMethodLabel('gateway', 'upi')).toBe('UPI (gateway)');
    expect(paymentMethodLabel('gateway', null)).toBe('Online');
    expect(paymentMethodLabel('offline', 'upi')).toBe('UPI direct');
    expect(paymentMethodLabel('offline', 'cash')).toBe('Cash');
    expect(paymentMethodLabel('offline', 'bank_transfer')).toBe('Bank transfer');
    expect(paymentMethodLabel('offline', 'cheque')).toBe('Cheque');
    expect(paymentMethodLabel('offline', 'deposit')).toBe('From security deposit');
  });
});

describe('UTR and UPI ID', () => {
  it('takes a UTR of exactly 12 digits', () => {
    expect(isUtr('123456789012')).toBe(true);
    for (const bad of ['12345678901', '1234567890123', '12345678901a', '', '1234 5678 9012x']) expect(isUtr(bad), bad).toBe(false);
  });
  it('takes a UPI ID by its shape, stores it lower-case, and clears it with an empty value', () => {
    for (const ok of ['name@okhdfcbank', 'priya.r-1@ybl', 'a1@paytm', '9876543210@upi']) expect(isVpa(ok), ok).toBe(true);
    for (const bad of ['name', '@okhdfc', 'name@', 'na me@ybl', 'name@@ybl', 'name@1bank', 'x@y', 'a@b\u0000c'])
      expect(isVpa(bad), bad).toBe(false);
    expect(accountVpaSchema.parse(' Priya@OKHDFCBANK ')).toBe('priya@okhdfcbank');
    expect(accountVpaSchema.parse('')).toBe('');
    expect(accountVpaSchema.safeParse('priya').error?.issues[0]?.message).toBe(MSG.vpaFormat);
  });
});

describe('upiPayLink', () => {
  it('builds the NPCI upi://pay link: payee, name, amount with two decimals, INR, a percent-encoded note', () => {
    expect(
      upiPayLink({ vpa: 'priya@okhdfcbank', payeeName: 'Priya Raghavan', amountPaise: 123_450, note: 'Room 101 rent, Nov 2026' }),
    ).toBe('upi://pay?pa=priya%40okhdfcbank&pn=Priya%20Raghavan&am=1234.50&cu=INR&tn=Room%20101%20rent%2C%20Nov%202026');
    expect(upiPayLink({ vpa: 'a1@ybl', payeeName: "O'Brien & Sons", amountPaise: 100, note: 'x=1?' })).toBe(
      'upi://pay?pa=a1%40ybl&pn=O%27Brien%20%26%20Sons&am=1.00&cu=INR&tn=x%3D1%3F',
    );
    expect(upiPayLink({ vpa: 'a1@ybl', payeeName: 'A', amountPaise: 5, note: '' })).toBe('upi://pay?pa=a1%40ybl&pn=A&am=0.05&cu=INR');
  });
  it('makes no link without a valid UPI ID or a positive amount', () => {
    expect(upiPayLink({ vpa: null, payeeName: 'A', amountPaise: 100, note: 'n' })).toBeNull();
    expect(upiPayLink({ vpa: '', payeeName: 'A', amountPaise: 100, note: 'n' })).toBeNull();
    expect(upiPayLink({ vpa: 'not-a-vpa', payeeName: 'A', amountPaise: 100, note: 'n' })).toBeNull();
    expect(upiPayLink({ vpa: 'a1@ybl', payeeName: 'A', amountPaise: 0, note: 'n' })).toBeNull();
    expect(upiPayLink({ vpa: 'a1@ybl', payeeName: 'A', amountPaise: 1.5, note: 'n' })).toBeNull();
  });
});

describe('record and report bodies', () => {
  const base = { roomId: 'r1', amount: '1,500.50', paidOn: '2026-11-01' };
  it('reads rupees into paise and keeps the reference as typed (trimmed), comparing it normalised', () => {
    expect(recordPaymentBodySchema.parse({ ...base, method: 'cash', reference: ' rcpt 12 ' })).toMatchObject({
      amount: 150_050,
      reference: 'rcpt 12',
      note: '',
    });
    expect(recordPaymentBodySchema.parse({ ...base, method: 'cheque', reference: '  Book 12  / 034 ' }).reference).toBe('Book 12 / 034');
    expect(normaliseReference('Book 12 / 034')).toBe('BOOK12/034');
    expect(recordPaymentBodySchema.parse({ ...base, method: 'upi', reference: '1234 5678 9012' }).reference).toBe('1234 5678 9012');
    expect(reportPaymentBodySchema.parse({ ...base, reference: '1234 5678 9012' }).reference).toBe('1234 5678 9012');
  });
  it('wants a 12-digit UTR for UPI, a cheque number for a cheque, a known method and a real date', () => {
    const issue = (b: object) => recordPaymentBodySchema.safeParse(b).error?.issues[0]?.message;
    expect(issue({ ...base, method: 'upi', reference: '12345' })).toBe(MSG.utrInvalid);
    expect(issue({ ...base, method: 'cheque' })).toBe(MSG.chequeNumberRequired);
    expect(issue({ ...base, method: 'card' })).toBe(MSG.offlineMethodInvalid);
    expect(issue({ ...base, method: 'cash', paidOn: '2026-02-30' })).toBe(MSG.paidOnInvalid);
    expect(reportPaymentBodySchema.safeParse({ ...base, reference: 'abc' }).error?.issues[0]?.message).toBe(MSG.utrInvalid);
    expect(reportPaymentBodySchema.parse({ ...base, reference: '123456789012' }).amount).toBe(150_050);
  });
});

describe('TDS under section 194-IB', () => {
  it('applies above ₹50,000 a month, at 5% before 1 October 2024 and 2% from then, rounded to the rupee', async () => {
    const { tds194Ib, tds194IbRateBp } = await import('./offline-payments.js');
    expect(tds194IbRateBp('2024-09-30')).toBe(500);
    expect(tds194IbRateBp('2024-10-01')).toBe(200);
    expect(tds194IbRateBp('2017-05-31')).toBeNull();
    expect(tds194Ib({ monthlyRentPaise: 5_000_000, yearRentPaise: 60_000_000, on: '2027-03-31' })).toBeNull();
    expect(tds194Ib({ monthlyRentPaise: 5_500_000, yearRentPaise: 66_000_000, on: '2027-03-31' })).toEqual({
      rateBp: 200,
      taxPaise: 1_320_000,
    });
    expect(tds194Ib({ monthlyRentPaise: 5_500_075, yearRentPaise: 66_000_900, on: '2024-03-31' })).toEqual({
      rateBp: 500,
      taxPaise: 3_300_000,
    });
  });
});
