import { describe, expect, it } from 'vitest';
import { english, payload } from '../../../test/i18n-samples.js';
import { renderEmail, type TemplateData, type TemplateName } from './index.js';

/** No email left in English (issue 27): every template written in Hindi from sample facts. */
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
  it('renders every template in Hindi: subject and words, lang="hi-IN", no English left', async () => {
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

  it('keeps a message queued before Hindi readable: its stored English title and body', async () => {
    const mail = await renderEmail(
      'notification',
      { kind: 'billsUploaded', title: 'New bill: ₹12,500.00 for Room 101', body: 'Rent for December 2026', link: '/x' },
      { publicUrl: 'https://kiraya.example', name: null, unsubscribeUrl: null, locale: 'hi-IN' },
    );
    expect(mail.subject).toBe('New bill: ₹12,500.00 for Room 101');
    expect(mail.text).toContain('Rent for December 2026');
  });
});
