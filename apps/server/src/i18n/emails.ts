import { formatPaise, type Locale, pluralCategory } from '@kiraya/contract';
import { formatLongDate } from '@kiraya/contract/dates';

/**
 * The words of every email Kiraya sends (issue 27, ADR 039 "Server texts"), per locale: typed functions like
 * `MSG_HI`, so a placeholder cannot be forgotten and a plural is the locale's (`pluralCategory`). The react-email
 * templates (modules/outbox/templates) only lay them out. Money is written the same in both languages
 * (₹1,23,456.50); days in words, Hindi with Hindi month names and Latin digits (1 नवंबर 2026). The English is
 * the text the emails had before Hindi (their tests assert it).
 */
export type EmailTexts = {
  layout: { hello: (name: string) => string; orOpen: string; reason: string; unsubscribe: string };
  notification: { action: string };
  passwordReset: { subject: string; heading: string; action: string; reason: string; body: (minutes: number) => string; notYou: string };
  passwordChanged: { subject: string; heading: string; action: string; reason: string; body: (day: string) => string; notYou: string };
  rentReminder: {
    heading: { due3: (amount: string) => string; due: (amount: string) => string; overdue3: (amount: string) => string };
    action: string;
    body: (p: { roomNumber: string; propertyName: string; amount: string; day: string; overdue: boolean }) => string;
    lateFee: string;
  };
  tenantInvite: {
    someOwner: string;
    subject: (p: { ownerName: string; roomNumber: string; propertyName: string }) => string;
    heading: (p: { roomNumber: string; propertyName: string }) => string;
    action: string;
    reason: (p: { ownerName: string; email: string }) => string;
    offer: (p: { ownerName: string; roomNumber: string; propertyName: string; city: string; rent: string }) => string;
    howTo: (p: { email: string; until: string }) => string;
    haveAccount: string;
  };
  verifyEmail: {
    subject: string;
    heading: string;
    action: string;
    reason: (email: string) => string;
    change: (email: string) => string;
    welcome: (email: string) => string;
    works: (hours: number) => string;
  };
  receipt: {
    subject: (p: { receiptNumber: string; amount: string }) => string;
    heading: (amount: string) => string;
    action: string;
    where: (p: { receiptNumber: string; roomNumber: string; propertyName: string }) => string;
    what: (p: { amount: string; method: string; day: string }) => string;
    settled: string;
    bill: (p: { billType: string; day: string; amount: string }) => string;
    credit: (amount: string) => string;
  };
  dailySummary: {
    subject: (day: string) => string;
    heading: (day: string) => string;
    action: string;
    reason: string;
    payments: (count: number, amount: string) => string;
    noPayments: string;
    reports: (count: number) => string;
    requests: (count: number) => string;
    unread: (count: number) => string;
    overdue: (count: number, amount: string) => string;
  };
  emailChanged: {
    subject: string;
    heading: string;
    action: string;
    reason: string;
    body: (p: { day: string; newEmail: string }) => string;
    notYou: string;
  };
};

const s = (n: number) => (n === 1 ? '' : 's');

const EN: EmailTexts = {
  layout: {
    hello: (name) => `Hello ${name},`,
    orOpen: 'Or open this link:',
    reason: 'You get this email because you have a Kiraya account.',
    unsubscribe: 'Unsubscribe from these emails',
  },
  notification: { action: 'Open in Kiraya' },
  passwordReset: {
    subject: 'Reset your Kiraya password',
    heading: 'Reset your password',
    action: 'Choose a new password',
    reason: 'You get this email because someone asked to reset the password of your Kiraya account.',
    body: (m) => `Someone (we hope you) asked to reset the password of your Kiraya account. The link works once, for ${m} minutes.`,
    notYou: 'If it was not you, ignore this email: your password stays as it is.',
  },
  passwordChanged: {
    subject: 'Your Kiraya password was changed',
    heading: 'Your password was changed',
    action: 'Sign in',
    reason: 'You get this email because the password of your Kiraya account changed.',
    body: (day) => `The password of your Kiraya account was changed on ${day}, and every device was signed out.`,
    notYou: 'If you did not do this, reset your password at once from the sign-in page ("Forgot password?").',
  },
  rentReminder: {
    heading: {
      due3: (a) => `Rent of ${a} is due in 3 days`,
      due: (a) => `Rent of ${a} is due today`,
      overdue3: (a) => `Rent of ${a} is overdue`,
    },
    action: 'Pay now',
    body: (p) => `Room ${p.roomNumber}, ${p.propertyName}: ${p.amount} ${p.overdue ? 'was' : 'is'} due on ${p.day}.`,
    lateFee: 'A late fee may apply under your lease. If you have already paid your owner directly, ask them to record it.',
  },
  tenantInvite: {
    someOwner: 'A house owner',
    subject: (p) => `${p.ownerName} invites you to rent Room ${p.roomNumber}, ${p.propertyName}`,
    heading: (p) => `You are invited to Room ${p.roomNumber}, ${p.propertyName}`,
    action: 'Sign up and see the invitation',
    reason: (p) => `You get this email because ${p.ownerName} invited ${p.email} to a room on Kiraya. If you do not know them, ignore it.`,
    offer: (p) =>
      `${p.ownerName} invites you to rent Room ${p.roomNumber} at ${p.propertyName}, ${p.city}, for ${p.rent}, on Kiraya: rent, bills and receipts in one place, with no broker.`,
    howTo: (p) =>
      `Sign up as a tenant with this email address (${p.email}) and open the link we then send to confirm it: the invitation will be waiting in Requests, where you can read the lease offered and accept it. The invitation works until ${p.until}.`,
    haveAccount: 'Already have a Kiraya tenant account with this email? Sign in and open Requests.',
  },
  verifyEmail: {
    subject: 'Verify your email address for Kiraya',
    heading: 'Verify your email address',
    action: 'Verify my email',
    reason: (email) => `You get this email because ${email} was given for a Kiraya account.`,
    change: (email) =>
      `Someone (we hope you) asked to change the email address of a Kiraya account to ${email}. Open the link to confirm it: the address changes only then.`,
    welcome: (email) => `Welcome to Kiraya. Open the link to confirm that ${email} is yours.`,
    works: (h) => `The link works once, for ${h} hours. If it was not you, ignore this email.`,
  },
  receipt: {
    subject: (p) => `Receipt ${p.receiptNumber}: ${p.amount} paid`,
    heading: (a) => `Payment received: ${a}`,
    action: 'View the receipt',
    where: (p) => `Receipt ${p.receiptNumber} · Room ${p.roomNumber}, ${p.propertyName}`,
    what: (p) => `Amount: ${p.amount} · Method: ${p.method} · Paid on ${p.day}`,
    settled: 'Bills settled:',
    bill: (p) => `· ${p.billType} of ${p.day}: ${p.amount}`,
    credit: (a) => `${a} is kept as your credit and settles your next bills.`,
  },
  dailySummary: {
    subject: (day) => `Your Kiraya day: ${day}`,
    heading: (day) => `Your rooms on ${day}`,
    action: 'Open your dashboard',
    reason:
      'You get this email because you turned on the daily summary in Profile. Payment and request emails are in it instead of one email each.',
    payments: (n, a) => `${n} payment${s(n)} received: ${a}`,
    noPayments: 'No payments received',
    reports: (n) => `${n} UPI payment report${s(n)} waiting for you to confirm`,
    requests: (n) => `${n} request${s(n)} accepted or rejected`,
    unread: (n) => `${n} unread message${s(n)}`,
    overdue: (n, a) => `${n} bill${s(n)} overdue: ${a}`,
  },
  emailChanged: {
    subject: 'Your Kiraya email address was changed',
    heading: 'Your email address was changed',
    action: 'Sign in',
    reason: 'You get this email because it was the address of a Kiraya account.',
    body: (p) =>
      `On ${p.day} the email address of your Kiraya account was changed to ${p.newEmail}. Emails now go there, and you sign in with it.`,
    notYou: 'If you did not do this, reset your password at once from the sign-in page ("Forgot password?") and contact Kiraya.',
  },
};

/** Hindi's "one" (0 and 1) or "other". */
const one = (n: number) => pluralCategory('hi-IN', n) === 'one';

const HI: EmailTexts = {
  layout: {
    hello: (name) => `नमस्ते ${name},`,
    orOpen: 'या यह लिंक खोलें:',
    reason: 'आपको यह ईमेल इसलिए मिला है क्योंकि Kiraya पर आपका खाता है।',
    unsubscribe: 'ऐसे ईमेल पाना बंद करें',
  },
  notification: { action: 'Kiraya में खोलें' },
  passwordReset: {
    subject: 'अपना Kiraya पासवर्ड रीसेट करें',
    heading: 'अपना पासवर्ड रीसेट करें',
    action: 'नया पासवर्ड चुनें',
    reason: 'आपको यह ईमेल इसलिए मिला है क्योंकि किसी ने आपके Kiraya खाते का पासवर्ड रीसेट करने को कहा है।',
    body: (m) => `किसी ने (उम्मीद है आपने ही) आपके Kiraya खाते का पासवर्ड रीसेट करने को कहा है। यह लिंक एक ही बार, ${m} मिनट तक काम करेगा।`,
    notYou: 'अगर यह आपने नहीं किया, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड पहले जैसा ही रहेगा।',
  },
  passwordChanged: {
    subject: 'आपका Kiraya पासवर्ड बदल दिया गया',
    heading: 'आपका पासवर्ड बदल दिया गया',
    action: 'साइन इन करें',
    reason: 'आपको यह ईमेल इसलिए मिला है क्योंकि आपके Kiraya खाते का पासवर्ड बदला गया है।',
    body: (day) => `आपके Kiraya खाते का पासवर्ड ${day} को बदला गया, और सभी डिवाइस से साइन आउट कर दिया गया।`,
    notYou: 'अगर यह आपने नहीं किया, तो साइन इन पेज से ("पासवर्ड भूल गए?") तुरंत अपना पासवर्ड रीसेट करें।',
  },
  rentReminder: {
    heading: {
      due3: (a) => `${a} का किराया 3 दिन में देय है`,
      due: (a) => `${a} का किराया आज देय है`,
      overdue3: (a) => `${a} का किराया बकाया है`,
    },
    action: 'अभी भुगतान करें',
    body: (p) => `कमरा ${p.roomNumber}, ${p.propertyName}: ${p.amount} की देय तिथि ${p.day} ${p.overdue ? 'थी' : 'है'}।`,
    lateFee: 'आपके किरायानामे के अनुसार विलंब शुल्क लग सकता है। अगर आपने अपने मकान मालिक को सीधे भुगतान कर दिया है, तो उनसे इसे दर्ज करने को कहें।',
  },
  tenantInvite: {
    someOwner: 'एक मकान मालिक',
    subject: (p) => `${p.ownerName} ने आपको कमरा ${p.roomNumber}, ${p.propertyName} किराए पर लेने के लिए आमंत्रित किया है`,
    heading: (p) => `कमरा ${p.roomNumber}, ${p.propertyName} के लिए आपको आमंत्रण`,
    action: 'साइन अप करें और आमंत्रण देखें',
    reason: (p) =>
      `आपको यह ईमेल इसलिए मिला है क्योंकि ${p.ownerName} ने Kiraya पर एक कमरे के लिए ${p.email} को आमंत्रित किया है। अगर आप उन्हें नहीं जानते, तो इसे अनदेखा करें।`,
    offer: (p) =>
      `${p.ownerName} ने आपको Kiraya पर ${p.propertyName}, ${p.city} में कमरा ${p.roomNumber} ${p.rent} के किराए पर लेने के लिए आमंत्रित किया है: किराया, बिल और रसीदें एक ही जगह, बिना ब्रोकर के।`,
    howTo: (p) =>
      `इसी ईमेल पते (${p.email}) से किरायेदार के रूप में साइन अप करें और पता पक्का करने के लिए हमारा भेजा लिंक खोलें: आमंत्रण "अनुरोध" में आपका इंतज़ार करेगा, जहाँ आप प्रस्तावित किरायानामा पढ़कर उसे स्वीकार कर सकते हैं। यह आमंत्रण ${p.until} तक मान्य है।`,
    haveAccount: 'क्या इस ईमेल से आपका Kiraya किरायेदार खाता पहले से है? साइन इन करें और "अनुरोध" खोलें।',
  },
  verifyEmail: {
    subject: 'Kiraya के लिए अपना ईमेल पता सत्यापित करें',
    heading: 'अपना ईमेल पता सत्यापित करें',
    action: 'मेरा ईमेल सत्यापित करें',
    reason: (email) => `आपको यह ईमेल इसलिए मिला है क्योंकि Kiraya के एक खाते के लिए ${email} दिया गया है।`,
    change: (email) => `किसी ने (उम्मीद है आपने ही) Kiraya के एक खाते का ईमेल पता बदलकर ${email} करने को कहा है। पुष्टि के लिए लिंक खोलें: पता तभी बदलेगा।`,
    welcome: (email) => `Kiraya में आपका स्वागत है। यह पक्का करने के लिए लिंक खोलें कि ${email} आपका ही है।`,
    works: (h) => `यह लिंक एक ही बार, ${h} घंटे तक काम करेगा। अगर यह आपने नहीं किया, तो इस ईमेल को अनदेखा करें।`,
  },
  receipt: {
    subject: (p) => `रसीद ${p.receiptNumber}: ${p.amount} का भुगतान`,
    heading: (a) => `भुगतान मिला: ${a}`,
    action: 'रसीद देखें',
    where: (p) => `रसीद ${p.receiptNumber} · कमरा ${p.roomNumber}, ${p.propertyName}`,
    what: (p) => `रकम: ${p.amount} · तरीका: ${p.method} · भुगतान की तारीख़: ${p.day}`,
    settled: 'चुकाए गए बिल:',
    bill: (p) => `· ${p.day} का ${p.billType}: ${p.amount}`,
    credit: (a) => `${a} आपके क्रेडिट में रखे गए हैं; आपके अगले बिल इनसे चुकाए जाएँगे।`,
  },
  dailySummary: {
    subject: (day) => `Kiraya पर आपका दिन: ${day}`,
    heading: (day) => `${day} को आपके कमरे`,
    action: 'अपना डैशबोर्ड खोलें',
    reason: 'आपको यह ईमेल इसलिए मिला है क्योंकि आपने प्रोफ़ाइल में रोज़ का सारांश चालू किया है। भुगतान और अनुरोधों के अलग-अलग ईमेल की जगह वे इसी में आते हैं।',
    payments: (n, a) => `${n} ${one(n) ? 'भुगतान मिला' : 'भुगतान मिले'}: ${a}`,
    noPayments: 'कोई भुगतान नहीं मिला',
    reports: (n) => `${n} UPI भुगतान ${one(n) ? 'सूचना आपकी पुष्टि का इंतज़ार कर रही है' : 'सूचनाएँ आपकी पुष्टि का इंतज़ार कर रही हैं'}`,
    requests: (n) => `${n} अनुरोध स्वीकार या अस्वीकार ${one(n) ? 'हुआ' : 'हुए'}`,
    unread: (n) => `${n} ${one(n) ? 'संदेश बिना पढ़ा है' : 'संदेश बिना पढ़े हैं'}`,
    overdue: (n, a) => `${n} बिल बकाया: ${a}`,
  },
  emailChanged: {
    subject: 'आपके Kiraya खाते का ईमेल पता बदल दिया गया',
    heading: 'आपका ईमेल पता बदल दिया गया',
    action: 'साइन इन करें',
    reason: 'आपको यह ईमेल इसलिए मिला है क्योंकि यह Kiraya के एक खाते का पता था।',
    body: (p) => `${p.day} को आपके Kiraya खाते का ईमेल पता बदलकर ${p.newEmail} कर दिया गया। अब ईमेल वहीं जाएँगे, और आप उसी से साइन इन करेंगे।`,
    notYou: 'अगर यह आपने नहीं किया, तो साइन इन पेज से ("पासवर्ड भूल गए?") तुरंत अपना पासवर्ड रीसेट करें और Kiraya से संपर्क करें।',
  },
};

export const EMAIL_TEXTS: Record<Locale, EmailTexts> = { 'en-IN': EN, 'hi-IN': HI };

/** A day (YYYY-MM-DD or an ISO time: its date) in words, in `locale`. */
export const dayIn = (iso: string, locale: Locale): string =>
  /^\d{4}-\d{2}-\d{2}/.test(iso) ? formatLongDate(iso.slice(0, 10), locale) : iso;

export const money = formatPaise;
