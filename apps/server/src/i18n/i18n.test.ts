import { LOCALES } from '@kiraya/contract';
import { describe, expect, it } from 'vitest';
import { english, payload, SAMPLE } from '../test/i18n-samples.js';
import { type NotificationTextKey, NOTIFICATION_TEXT_KIND, notificationWords } from './notifications.js';

/** No server text left behind (issue 27): every notification text, written in Hindi from sample facts, has no English word left. */
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
    expect(notificationWords({ params: payload('leaseTermsChanged') }, 'hi-IN').body).toContain('दिसंबर 2026 के किराए से: ₹9,000/माह');
  });
});
