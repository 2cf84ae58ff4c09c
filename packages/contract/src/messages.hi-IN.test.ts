import { describe, expect, it } from 'vitest';
import { localizeMessage, messageKeyOf } from './localize';
import { MSG, type MessageKey } from './messages';
import { day, MSG_HI, word } from './messages.hi-IN';

// No string left behind (issue 27, ADR 039): every MSG key has its Hindi (there is no pending list: a key added
// to MSG without its Hindi fails here and in typecheck, MSG_HI being a full MessageCatalog), the Hindi of a
// function keeps every placeholder of the English, and a text the server or a schema produced in English comes
// back in Hindi with its values intact.
const keys = Object.keys(MSG) as MessageKey[];
const MARK = (i: number) => `\u27e6${i}\u27e7`;

describe('MSG in Hindi (messages.hi-IN.ts)', () => {
  it('translates every key, and nothing that is not a key', () => {
    const translated = new Set(Object.keys(MSG_HI));
    const missing = keys.filter((k) => !translated.has(k) || MSG_HI[k] === undefined);
    const unknown = [...translated].filter((k) => !(k in MSG));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
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
        if (hi === en) problems.push(`${key}: Hindi is the English text`);
        continue;
      }
      const fn = en as (...a: unknown[]) => string;
      const args = Array.from({ length: Math.max(fn.length, 1) }, (_, i) => MARK(i));
      const want = args.filter((a) => fn(...args).includes(a));
      const got = (hi as (...a: unknown[]) => string)(...args);
      const lost = want.filter((a) => !got.includes(a));
      if (lost.length) problems.push(`${key}: Hindi drops ${lost.join(', ')}`);
      if (/[A-Za-z]{4,}/.test(got.replace(/⟦\d+⟧|Kiraya|UPI|PAN|WebP|IFSC|UTR|Razorpay|XXXX/g, '')))
        problems.push(`${key}: Hindi still has English words: ${got}`);
    }
    expect(problems).toEqual([]);
  });

  it('writes the Latin-digit Hindi of dates and the Hindi of labels passed as arguments', () => {
    expect(day('1 November 2026')).toBe('1 नवंबर 2026');
    expect(day('2026-05-01')).toBe('1 मई 2026');
    expect(day('February 2026')).toBe('फ़रवरी 2026');
    expect(word('City')).toBe('शहर');
    expect(word('Electricity Bill')).toBe('बिजली बिल');
    expect(word('Asha Verma')).toBe('Asha Verma');
  });
});

describe('localizeMessage', () => {
  it('turns constant texts and function texts into Hindi, and leaves the rest', () => {
    expect(localizeMessage(MSG.invalidCredentials, 'hi-IN')).toBe(MSG_HI.invalidCredentials);
    expect(localizeMessage(MSG.invalidCredentials, 'en-IN')).toBe(MSG.invalidCredentials);
    expect(localizeMessage(MSG.textTooLong('City', 60), 'hi-IN')).toBe('शहर ज़्यादा से ज़्यादा 60 कैरेक्टर का हो सकता है।');
    expect(localizeMessage(MSG.verifyEmailBanner('asha@example.com'), 'hi-IN')).toContain('asha@example.com');
    expect(localizeMessage('Not a message of Kiraya', 'hi-IN')).toBe('Not a message of Kiraya');
    expect(messageKeyOf(MSG.revealsPerDay(5))).toEqual({ key: 'revealsPerDay', args: ['5'] });
  });

  it('reads the arguments Kiraya wrote in English into Hindi: dates, statuses, deleted items', () => {
    expect(localizeMessage(MSG.moveOutScheduled('31 January 2027'), 'hi-IN')).toBe(MSG_HI.moveOutScheduled('31 जनवरी 2027'));
    expect(localizeMessage(MSG.rentBillExists('November 2026', '1 November 2026', '₹8,500.00'), 'hi-IN')).toBe(
      'नवंबर 2026 का किराया बिल पहले से है (1 नवंबर 2026 का, ₹8,500.00)। दूसरा जोड़ने के बजाय उसी बिल को बदलें।',
    );
    expect(localizeMessage(MSG.requestNotPending('accepted'), 'hi-IN')).toBe('यह अनुरोध अब बाकी नहीं है (यह स्वीकार हो चुका है)।');
    expect(localizeMessage(MSG.deleted('Room'), 'hi-IN')).toBe('कमरा सफलतापूर्वक हटा दिया गया');
    expect(localizeMessage(MSG.deleted('Property'), 'hi-IN')).toBe('प्रॉपर्टी सफलतापूर्वक हटा दी गई');
  });

  it('tells apart the shapes of one function: a default parameter, and a text that spells out 1', () => {
    expect(localizeMessage(MSG.textControlChars('Title'), 'hi-IN')).toBe(MSG_HI.textControlChars('शीर्षक'));
    expect(localizeMessage(MSG.textControlChars('Description', true), 'hi-IN')).toBe(MSG_HI.textControlChars('विवरण', true));
    expect(localizeMessage(MSG.phoneCodeWrong(1), 'hi-IN')).toBe('यह कोड सही नहीं है। 1 कोशिश बाकी है।');
    expect(localizeMessage(MSG.phoneCodeWrong(3), 'hi-IN')).toBe('यह कोड सही नहीं है। 3 कोशिशें बाकी हैं।');
  });

  it('localizes an MSG text inside another (a file named, then the problem)', () => {
    expect(localizeMessage(MSG.imageNamed('flat.heic', MSG.imageSize), 'hi-IN')).toBe(`"flat.heic": ${MSG_HI.imageSize}`);
  });

  it("reads the moderation texts back: the action chosen, a moderator's reason, the report's details", () => {
    expect(localizeMessage(MSG.moderationDone('hide'), 'hi-IN')).toBe('लिस्टिंग छिपा दी गई।');
    expect(localizeMessage(MSG.moderationDone('dismiss'), 'hi-IN')).toBe('शिकायतें ख़ारिज कर दी गईं।');
    expect(localizeMessage(MSG.moderationDone('other'), 'hi-IN')).toBe('हो गया।');
    expect(localizeMessage(MSG.listingHiddenBody('Same phone as four other accounts.'), 'hi-IN')).toBe(
      'मॉडरेटरों का कारण: Same phone as four other accounts। अब यह किरायेदारों को नहीं दिखती। अगर आपको लगता है कि यह ग़लती है, तो सपोर्ट को लिखें।',
    );
    expect(localizeMessage(MSG.textTooLong('Details', 1000), 'hi-IN')).toBe('ब्योरा ज़्यादा से ज़्यादा 1000 कैरेक्टर का हो सकता है।');
  });
});
