import { LOCALES } from '@kiraya/contract';
import { describe, expect, it } from 'vitest';
import { renderEmail, type TemplateData, type TemplateName } from '../modules/outbox/templates/index.js';
import {
  type NotificationParams,
  type NotificationPayload,
  type NotificationTextKey,
  NOTIFICATION_TEXT_KIND,
  notificationWords,
} from './notifications.js';

/**
 * No server text left behind (issue 27): every notification text and every email, written in Hindi from sample
 * facts, has no English word left but names Kiraya keeps (the brand, UPI, UTR) and the sample's own names.
 */
const SAMPLE: { [K in NotificationTextKey]: NotificationParams[K] } = {
  requestReceived: { roomNumber: '101', propertyTitle: 'Neem' },
  requestAccepted: { tenantName: null, roomNumber: '101', propertyTitle: 'Neem' },
  requestRejected: { tenantName: 'Asha', roomNumber: '101' },
  billsUploaded: { roomNumber: '101', totalPaise: 12_345_650, count: 2, billDate: '2026-11-01', dueDate: '2026-11-11' },
  billWaived: { amountPaise: 5000, billType: 'Water Bill', roomNumber: '101', billDate: '2026-11-01' },
  lateFeeWaived: { amountPaise: 5000, roomNumber: '101' },
  creditRefunded: { amountPaise: 5000, roomNumber: '101', reference: '4455' },
  paymentReceived: { amountPaise: 5000, tenantName: null, roomNumber: '101', receiptNumber: 'KR-2026-000042' },
  paymentRecorded: {
    source: 'deposit',
    amountPaise: 5000,
    method: 'deposit',
    paidOn: '2026-11-05',
    roomNumber: '101',
    receiptNumber: 'KR-2026-000042',
  },
  paymentReported: { amountPaise: 5000, tenantName: null, roomNumber: '101', paidOn: '2026-11-05', reference: '123456789012' },
  paymentReportRejected: { amountPaise: 5000, paidOn: '2026-11-05', reference: '123456789012', reason: 'नहीं मिला' },
  paymentReversed: { amountPaise: 5000, method: 'cheque', paidOn: '2026-11-05', receiptNumber: 'KR-2026-000042', reason: 'बाउंस' },
  leaseTermsChanged: { roomNumber: '101', propertyTitle: 'Neem', from: '2026-12-01', rentPaise: 900_000, rentDueDay: 5 },
  depositSettled: { roomNumber: '101', propertyTitle: 'Neem', refundPaise: 100, heldPaise: 200, deductedPaise: 100 },
  leaseEndingTenant: { roomNumber: '101', propertyTitle: 'Neem', endsOn: '2026-12-14' },
  leaseEndingOwner: { roomNumber: '101', propertyTitle: 'Neem', tenantName: 'Asha', endsOn: '2026-12-14' },
  leaseLetEnd: { roomNumber: '101', propertyTitle: 'Neem', on: '2026-12-14' },
  renewalProposed: {
    roomNumber: '101',
    propertyTitle: 'Neem',
    rentPaise: 945_000,
    termMonths: 11,
    startDate: '2026-12-15',
    endDate: '2027-11-14',
  },
  renewalWithdrawn: { roomNumber: '101', propertyTitle: 'Neem' },
  renewalAccepted: { roomNumber: '101', propertyTitle: 'Neem', rentPaise: 945_000, from: '2027-01-01', endsOn: '2027-11-14' },
  renewalDeclined: { roomNumber: '101', propertyTitle: 'Neem' },
  payoutAccountChanged: { last4: '2333' },
  payoutAccountActivated: {},
  message: { what: 'maintenance', senderName: null, roomNumber: '101', excerpt: 'नल टपक रहा है' },
};
const payload = (k: NotificationTextKey) => ({ text: k, ...SAMPLE[k] }) as NotificationPayload;

/** English words left in a Hindi text, once names Kiraya keeps and the samples' own names are taken out. */
const english = (s: string) =>
  s.replace(/https?:\S+|\S+@\S+|Kiraya|UPI|UTR|PAN|Razorpay|Neem|Asha|Lucknow|KR-\d+-\d+/gi, '').match(/[A-Za-z]{3,}/g) ?? [];

describe('notification texts', () => {
  it('has every text in every language, each a kind of the contract, and Hindi with no English left', () => {
    for (const k of Object.keys(SAMPLE) as NotificationTextKey[]) {
      expect(NOTIFICATION_TEXT_KIND[k]).toBeTruthy();
      for (const locale of LOCALES) expect(notificationWords({ params: payload(k) }, locale).title).not.toBe('');
      const hi = notificationWords({ params: payload(k) }, 'hi-IN');
      expect(english(`${hi.title} ${hi.body}`), k).toEqual([]);
    }
  });

  it('writes days in Hindi month names with Latin digits, money the same in both languages', () => {
    const hi = notificationWords({ params: payload('billsUploaded') }, 'hi-IN');
    expect(hi).toEqual({ title: 'कमरा 101 के नए बिल: ₹1,23,456.50', body: '1 नवंबर 2026 के 2 बिल, देय तिथि 11 नवंबर 2026।' });
    expect(notificationWords({ params: payload('leaseTermsChanged') }, 'hi-IN').body).toContain('दिसंबर 2026 के किराये से: ₹9,000.00');
  });
});

const EMAILS: { [K in TemplateName]: TemplateData[K] } = {
  notification: { notificationId: 'n', kind: 'billsUploaded', link: '/x', note: payload('billsUploaded') },
  passwordReset: { token: 't' },
  passwordChanged: { at: '2026-11-01T10:00:00Z' },
  rentReminder: { stage: 'overdue3', amountPaise: 900_000, dueDate: '2026-11-05', roomNumber: '101', propertyName: 'Neem', link: '/x' },
  tenantInvite: {
    ownerName: null,
    propertyName: 'Neem',
    city: 'Lucknow',
    roomNumber: '101',
    rentPaise: 900_000,
    email: 'a@b.in',
    expiresAt: '2026-11-15T00:00:00Z',
  },
  receipt: {
    paymentId: 'p',
    receiptNumber: 'KR-2026-000042',
    amountPaise: 100_000,
    methodKey: 'bank_transfer',
    methodLabel: 'Bank transfer',
    paidOn: '2026-11-05',
    roomNumber: '101',
    propertyName: 'Neem',
    bills: [{ billType: 'Internet and Cable Bill', billDate: '2026-11-01', amountPaise: 90_000 }],
    creditPaise: 10_000,
    link: '/x',
  },
  dailySummary: {
    date: '2026-11-01',
    payments: { count: 1, paise: 100 },
    reportsWaiting: 2,
    requestsAnswered: 1,
    unreadMessages: 3,
    overdue: { count: 1, paise: 100 },
    link: '/x',
  },
  verifyEmail: { token: 't', email: 'a@b.in', change: true },
  emailChanged: { newEmail: 'a@b.in', at: '2026-11-01T10:00:00Z' },
};

describe('emails in Hindi', () => {
  it('renders every template in Hindi: subject, text and HTML words, lang="hi-IN", no English left', async () => {
    for (const name of Object.keys(EMAILS) as TemplateName[]) {
      const mail = await renderEmail(name, EMAILS[name] as never, {
        publicUrl: 'https://kiraya.example',
        name: 'Asha',
        unsubscribeUrl: 'https://kiraya.example/unsubscribe?u=1',
        locale: 'hi-IN',
      });
      expect(mail.html, name).toContain('lang="hi-IN"');
      expect(english(`${mail.subject} ${mail.text}`), name).toEqual([]);
    }
  });
});
