import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import {
  asksForMoney,
  auditQuerySchema,
  createReportBodySchema,
  moderationActionBodySchema,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  SAFETY_ADVICE,
} from './moderation.js';
import { registerBodySchema } from './users.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('report reasons', () => {
  it('has the seven reasons with their English labels', () => {
    expect(REPORT_REASONS).toEqual(['broker', 'moneyBeforeVisit', 'fakePhotos', 'alreadyRented', 'wrongDetails', 'abusive', 'other']);
    expect(REPORT_REASON_LABELS).toEqual({
      broker: 'Broker posing as owner',
      moneyBeforeVisit: 'Asked for money before a visit',
      fakePhotos: 'Fake or stolen photos',
      alreadyRented: 'Already rented',
      wrongDetails: 'Wrong price or details',
      abusive: 'Abusive messages',
      other: 'Other',
    });
  });

  it('keeps the safety advice word for word', () => {
    expect(SAFETY_ADVICE).toBe('Never pay a deposit or token amount before you have seen the room and met the owner');
  });
});

describe('a report', () => {
  const base = { targetType: 'property', targetId: '0190a3c4-0000-7000-8000-000000000001', reason: 'broker' };

  it('takes a target, a reason and optional details (trimmed, absent = "")', () => {
    expect(createReportBodySchema.parse(base)).toEqual({ ...base, details: '' });
    expect(createReportBodySchema.parse({ ...base, details: '  He asked for brokerage.  ' }).details).toBe('He asked for brokerage.');
  });

  it('needs details for Other, at most 1000 characters, without control characters', () => {
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, reason: 'other' }))).toBe(MSG.reportDetailsRequired);
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, reason: 'other', details: '   ' }))).toBe(MSG.reportDetailsRequired);
    expect(createReportBodySchema.safeParse({ ...base, reason: 'other', details: 'Photos are from another site' }).success).toBe(true);
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, details: 'x'.repeat(1001) }))).toBe(MSG.textTooLong('Details', 1000));
    expect(createReportBodySchema.safeParse({ ...base, details: 'x'.repeat(1000) }).success).toBe(true);
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, details: 'a\u0000b' }))).toBe(MSG.textControlChars('Details', true));
    expect(createReportBodySchema.safeParse({ ...base, details: 'line one\nline two' }).success).toBe(true);
  });

  it('refuses unknown reasons and target types with their messages', () => {
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, reason: 'spam' }))).toBe(MSG.reportReasonRequired);
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, targetType: 'thread' }))).toBe(MSG.reportTargetTypeInvalid);
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, targetId: '' }))).toBe(MSG.reportTargetRequired);
    expect(firstMessage(createReportBodySchema.safeParse({ ...base, targetId: 'a\u0000' }))).toBe(MSG.reportTargetNotFound);
  });
});

describe('a moderation action', () => {
  const base = { action: 'hide', targetType: 'property', targetId: 'x', reason: 'Broker: same phone as 4 accounts.' };
  it('needs a reason of 3 to 1000 characters', () => {
    expect(moderationActionBodySchema.safeParse(base).success).toBe(true);
    expect(firstMessage(moderationActionBodySchema.safeParse({ ...base, reason: 'no' }))).toBe(MSG.moderationReasonRequired);
    expect(firstMessage(moderationActionBodySchema.safeParse({ ...base, reason: '   ' }))).toBe(MSG.moderationReasonRequired);
    expect(firstMessage(moderationActionBodySchema.safeParse({ ...base, reason: 'x'.repeat(1001) }))).toBe(MSG.textTooLong('Reason', 1000));
    expect(firstMessage(moderationActionBodySchema.safeParse({ ...base, action: 'ban' }))).toBe(MSG.moderationActionInvalid);
  });

  it('pages the audit log by an ISO date-time and a limit of 1 to 100', () => {
    expect(auditQuerySchema.parse({})).toEqual({ before: undefined, limit: 50 });
    expect(auditQuerySchema.parse({ before: '2026-01-02T03:04:05Z', limit: '10' })).toEqual({
      before: '2026-01-02T03:04:05.000Z',
      limit: 10,
    });
    expect(firstMessage(auditQuerySchema.safeParse({ before: 'yesterday' }))).toBe(MSG.moderationAuditBefore);
    expect(firstMessage(auditQuerySchema.safeParse({ before: '2026-13-45T00:00:00Z' }))).toBe(MSG.moderationAuditBefore);
    expect(firstMessage(auditQuerySchema.safeParse({ limit: '101' }))).toBe(MSG.moderationAuditLimit);
    expect(firstMessage(auditQuerySchema.safeParse({ limit: '0x10' }))).toBe(MSG.moderationAuditLimit);
  });
});

describe('sign-up never makes a moderator', () => {
  it('refuses the admin role like any unknown role', () => {
    const r = registerBodySchema.safeParse({ role: 'admin' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === 'role')?.message).toBe(MSG.roleRequired);
  });
});

describe('asksForMoney', () => {
  it.each([
    'Pay the token amount to ravi.kumar@okhdfcbank and the room is yours',
    'my upi is 9876543210@ybl',
    'Send to shop@paytm.',
    'upi://pay?pa=ravi@okaxis&pn=Ravi&am=5000',
    'Pay here: https://rzp.io/l/abc123',
    'razorpay.me/@ravikumar',
    'https://paytm.me/x-AbCd',
    'pay on phon.pe/abcd',
    'https://pay.google.com/gp/v/save/abc',
    'Booking link bit.ly/3xYz',
    'Please pay the token amount today to block the room',
    'Send advance of 5000 first',
    'transfer the deposit before the visit',
    'Token amount bhejo, phir visit fix karte hain',
    'advance de do pehle',
    'deposit jama karo aaj',
    'booking amount transfer kar do',
    'Gpay kar do 2000',
    'PhonePe pe bhej do 5k',
    'paytm 10,000 and the keys are yours',
  ])('flags %j', (text) => {
    expect(asksForMoney(text)).toBe(true);
  });

  it.each([
    '',
    'Hello, the room is still available. When would you like to visit?',
    'My email is ravi.kumar@gmail.com',
    'Write to support@kiraya.co.in for help',
    'The deposit is two months of rent, refunded when you leave.',
    'Rent is 12000 a month, electricity extra.',
    'Come on Sunday at 11, the address is 14 MG Road.',
    'Is there an advance booking system for visits? No, just come.',
    'I will see you at the gate. Call me when you arrive.',
  ])('does not flag %j', (text) => {
    expect(asksForMoney(text)).toBe(false);
  });
});
