import { describe, expect, it } from 'vitest';
import { devMailSchema } from './mail.js';
import { MSG } from './messages.js';
import { propertyOwnerSchema } from './properties.js';
import { confirmPhoneCodeBodySchema, PHONE_CODE_TRIES, verifyEmailBodySchema } from './verification.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('verification rules (ADR 033)', () => {
  it('takes a 6-digit code only, trimmed', () => {
    expect(confirmPhoneCodeBodySchema.parse({ code: ' 048213 ' })).toEqual({ code: '048213' });
    for (const code of ['12345', '1234567', '12a456', '１２３４５６', '', '12 456']) {
      expect(firstMessage(confirmPhoneCodeBodySchema.safeParse({ code }))).toBe(MSG.phoneCodeFormat);
    }
    expect(firstMessage(confirmPhoneCodeBodySchema.safeParse({ code: 123456 }))).toBe(MSG.phoneCodeFormat);
    expect(firstMessage(confirmPhoneCodeBodySchema.safeParse({}))).toBe(MSG.phoneCodeFormat);
  });

  it('needs a link token, and no longer than a token can be', () => {
    expect(verifyEmailBodySchema.parse({ token: 'abc_DEF-123' })).toEqual({ token: 'abc_DEF-123' });
    expect(firstMessage(verifyEmailBodySchema.safeParse({ token: '  ' }))).toBe(MSG.verifyTokenRequired);
    expect(firstMessage(verifyEmailBodySchema.safeParse({}))).toBe(MSG.verifyTokenRequired);
    expect(firstMessage(verifyEmailBodySchema.safeParse({ token: 'x'.repeat(201) }))).toBe(MSG.verifyTokenInvalid);
  });

  it('counts the tries left in words', () => {
    expect(MSG.phoneCodeWrong(PHONE_CODE_TRIES - 1)).toBe('That code is not right. 4 tries left.');
    expect(MSG.phoneCodeWrong(1)).toBe('That code is not right. 1 try left.');
  });

  it('a listing says whether its owner is verified, and nothing more about them', () => {
    expect(propertyOwnerSchema.parse({ _id: 'o1', username: 'priya', verified: true, phoneNumber: '+919812017435' })).toEqual({
      _id: 'o1',
      username: 'priya',
      verified: true,
    });
    expect(propertyOwnerSchema.safeParse({ _id: 'o1', username: 'priya' }).success).toBe(false);
  });

  it('marks a development mailbox message as an email or an SMS', () => {
    const m = { _id: '1', to: '+919812017435', subject: 's', text: 't', html: '', sentAt: '2026-11-25T06:00:00.000Z' };
    expect(devMailSchema.parse({ ...m, channel: 'sms' }).channel).toBe('sms');
    expect(devMailSchema.safeParse({ ...m, channel: 'fax' }).success).toBe(false);
  });
});
