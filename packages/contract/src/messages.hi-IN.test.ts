import { describe, expect, it } from 'vitest';
import { localizeMessage, messageKeyOf } from './localize';
import { MSG, type MessageKey } from './messages';
import { MSG_HI } from './messages.hi-IN';
import { MSG_HI_PENDING } from './messages.hi-IN.pending';

// No string left behind (issue 27, ADR 039): every MSG key has its Hindi or is listed as pending, the Hindi of a
// function keeps every placeholder of the English, and a text the server or a schema produced in English comes
// back in Hindi with its values intact.
const keys = Object.keys(MSG) as MessageKey[];
const MARK = (i: number) => `\u27e6${i}\u27e7`;

describe('MSG in Hindi (messages.hi-IN.ts)', () => {
  it('translates every key or lists it as pending, never both', () => {
    const translated = new Set(Object.keys(MSG_HI));
    const pending = new Set<string>(MSG_HI_PENDING);
    const neither = keys.filter((k) => !translated.has(k) && !pending.has(k));
    const both = keys.filter((k) => translated.has(k) && pending.has(k));
    const unknown = [...translated, ...pending].filter((k) => !(k in MSG));
    expect({ neither, both, unknown }).toEqual({ neither: [], both: [], unknown: [] });
  });

  it('keeps the kind (text or function) and every placeholder of the English', () => {
    const problems: string[] = [];
    for (const [key, hi] of Object.entries(MSG_HI) as [MessageKey, unknown][]) {
      const en = MSG[key] as unknown;
      if (typeof en !== typeof hi) {
        problems.push(`${key}: English is a ${typeof en}, Hindi a ${typeof hi}`);
        continue;
      }
      if (typeof en === 'string') {
        if (/\{\w+\}/.test(hi as string)) problems.push(`${key}: Hindi has a {placeholder} the English text has not`);
        continue;
      }
      const fn = en as (...a: unknown[]) => string;
      const args = Array.from({ length: Math.max(fn.length, 1) }, (_, i) => MARK(i));
      const want = args.filter((a) => fn(...args).includes(a));
      const got = (hi as (...a: unknown[]) => string)(...args);
      const lost = want.filter((a) => !got.includes(a));
      if (lost.length) problems.push(`${key}: Hindi drops ${lost.join(', ')}`);
      if (/[A-Za-z]{4,}/.test(got.replace(/⟦\d+⟧|Kiraya|UPI|PAN|IFSC|UTR|Owner Details|Razorpay|XXXX/g, '')))
        problems.push(`${key}: Hindi still has English words: ${got}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('localizeMessage', () => {
  it('turns constant texts and function texts into Hindi, and leaves the rest', () => {
    expect(localizeMessage(MSG.invalidCredentials, 'hi-IN')).toBe(MSG_HI.invalidCredentials);
    expect(localizeMessage(MSG.invalidCredentials, 'en-IN')).toBe(MSG.invalidCredentials);
    expect(localizeMessage(MSG.textTooLong('City', 60), 'hi-IN')).toBe('City ज़्यादा से ज़्यादा 60 अक्षरों का हो सकता है।');
    expect(localizeMessage(MSG.verifyEmailBanner('asha@example.com'), 'hi-IN')).toContain('asha@example.com');
    expect(localizeMessage('Not a message of Kiraya', 'hi-IN')).toBe('Not a message of Kiraya');
    expect(messageKeyOf(MSG.revealsPerDay(5))).toEqual({ key: 'revealsPerDay', args: ['5'] });
  });

  it('leaves a pending key in English', () => {
    const key = MSG_HI_PENDING.find((k) => typeof MSG[k] === 'string') as MessageKey;
    expect(localizeMessage(MSG[key] as string, 'hi-IN')).toBe(MSG[key]);
  });
});
