import {
  formatMonthlyRent,
  formatPaise,
  type Locale,
  MSG,
  type NotificationKind,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodKey,
} from '@kiraya/contract';
import { formatLongDate, monthInWords } from '@kiraya/contract/dates';
import { BILL_TYPE_HI, MSG_HI, PAYMENT_METHOD_HI } from '@kiraya/contract/messages.hi-IN';

/**
 * Notifications are stored as what happened and its facts (issue 27, ADR 039 "Server texts"), never as a
 * sentence: a row keeps its text key and parameters (`notifications.params`), and its title and body are written
 * when it is read, in the reader's language. A user who switches language reads old notifications in the new
 * one; the email and the push of a notification are written the same way, in the recipient's stored language.
 *
 * One text key per sentence; each belongs to one notification kind (the kind the API answers and the email
 * category follow). Amounts are paise, dates YYYY-MM-DD (or an ISO time), bill types the contract's English
 * constants, payment methods the contract's method keys: the texts put them into words.
 */
export type NotificationParams = {
  requestReceived: { roomNumber: string; propertyTitle: string };
  requestAccepted: { tenantName: string | null; roomNumber: string; propertyTitle: string };
  requestRejected: { tenantName: string; roomNumber: string };
  billsUploaded: { roomNumber: string; totalPaise: number; count: number; billDate: string; dueDate: string };
  billWaived: { amountPaise: number; billType: string; roomNumber: string; billDate: string };
  lateFeeWaived: { amountPaise: number; roomNumber: string };
  creditRefunded: { amountPaise: number; roomNumber: string; reference: string };
  paymentReceived: { amountPaise: number; tenantName: string | null; roomNumber: string; receiptNumber: string };
  paymentRecorded: {
    source: 'recorded' | 'reported' | 'deposit';
    amountPaise: number;
    method: PaymentMethodKey;
    paidOn: string;
    roomNumber: string;
    receiptNumber: string;
  };
  paymentReported: { amountPaise: number; tenantName: string | null; roomNumber: string; paidOn: string; reference: string };
  paymentReportRejected: { amountPaise: number; paidOn: string; reference: string; reason: string };
  paymentReversed: { amountPaise: number; method: PaymentMethodKey; paidOn: string; receiptNumber: string; reason: string };
  leaseTermsChanged: { roomNumber: string; propertyTitle: string; from: string; rentPaise: number; rentDueDay: number };
  depositSettled: { roomNumber: string; propertyTitle: string; refundPaise: number; heldPaise: number; deductedPaise: number };
  leaseEndingTenant: { roomNumber: string; propertyTitle: string; endsOn: string };
  leaseEndingOwner: { roomNumber: string; propertyTitle: string; tenantName: string; endsOn: string };
  leaseLetEnd: { roomNumber: string; propertyTitle: string; on: string };
  renewalProposed: { roomNumber: string; propertyTitle: string; rentPaise: number; termMonths: number; startDate: string; endDate: string };
  renewalWithdrawn: { roomNumber: string; propertyTitle: string };
  renewalAccepted: { roomNumber: string; propertyTitle: string; rentPaise: number; from: string; endsOn: string };
  renewalDeclined: { roomNumber: string; propertyTitle: string };
  payoutAccountChanged: { last4: string };
  payoutAccountActivated: Record<never, never>;
  message: { what: 'message' | 'enquiry' | 'maintenance'; senderName: string | null; roomNumber: string; excerpt: string };
  // Moderation (issue 26, ADR 037): the reporter hears the outcome; the owner hears why a listing was hidden (the
  // moderators' reason, as they wrote it), and when it is shown again. A room's listing names its room.
  reportResolved: { outcome: 'dismissed' | 'actioned' };
  listingHidden: { roomNumber: string | null; propertyTitle: string; reason: string };
  listingRestored: { roomNumber: string | null; propertyTitle: string };
};
export type NotificationTextKey = keyof NotificationParams;

/** A notification's text key and parameters, as `notifications.params` stores them. */
export type NotificationPayload = { [K in NotificationTextKey]: { text: K } & NotificationParams[K] }[NotificationTextKey];

/** The notification kind of each text (what the bell's icon and the email category follow). */
export const NOTIFICATION_TEXT_KIND: Record<NotificationTextKey, NotificationKind> = {
  requestReceived: 'requestReceived',
  requestAccepted: 'requestAccepted',
  requestRejected: 'requestRejected',
  billsUploaded: 'billsUploaded',
  billWaived: 'billWaived',
  lateFeeWaived: 'billWaived',
  creditRefunded: 'creditRefunded',
  paymentReceived: 'paymentReceived',
  paymentRecorded: 'paymentRecorded',
  paymentReported: 'paymentReported',
  paymentReportRejected: 'paymentReportDecided',
  paymentReversed: 'paymentReversed',
  leaseTermsChanged: 'leaseChanged',
  depositSettled: 'leaseChanged',
  leaseEndingTenant: 'leaseEnding',
  leaseEndingOwner: 'leaseEnding',
  leaseLetEnd: 'leaseEnding',
  renewalProposed: 'leaseRenewal',
  renewalWithdrawn: 'leaseRenewal',
  renewalAccepted: 'leaseRenewal',
  renewalDeclined: 'leaseRenewal',
  payoutAccountChanged: 'payoutAccount',
  payoutAccountActivated: 'payoutAccount',
  message: 'message',
  reportResolved: 'reportResolved',
  listingHidden: 'listingHidden',
  listingRestored: 'listingRestored',
};

export type NotificationWords = { title: string; body: string };
type Texts = { [K in NotificationTextKey]: (p: NotificationParams[K]) => { title: string; body?: string } };

/** A day (YYYY-MM-DD, or an ISO time: its date) in words: "1 November 2026", "1 नवंबर 2026". */
const dayIn = (iso: string, locale: Locale) => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? formatLongDate(iso.slice(0, 10), locale) : iso);
const money = formatPaise;
/** A monthly rent as the app writes it: "₹18,500/month", "₹18,500/माह" (contract money.ts). */
const rent = (paise: number) => formatMonthlyRent(paise);
const rentHi = (paise: number) => formatMonthlyRent(paise, 'hi-IN');

const en = (d: string) => dayIn(d, 'en-IN');
const enRoom = (p: { roomNumber: string; propertyTitle: string }) => `Room ${p.roomNumber}, ${p.propertyTitle}`;
/** A listing as moderation names it: a property's title, or "Room 101 · <title>". */
const enListing = (p: { roomNumber: string | null; propertyTitle: string }) =>
  p.roomNumber ? `Room ${p.roomNumber} · ${p.propertyTitle}` : p.propertyTitle;

const EN: Texts = {
  requestReceived: (p) => ({
    title: `New request: ${enRoom(p)}`,
    body: 'The owner invites you to this room. Accept or reject it in Requests.',
  }),
  requestAccepted: (p) => ({
    title: `${p.tenantName ?? 'Your tenant'} accepted your request for Room ${p.roomNumber}`,
    body: `${p.propertyTitle}: the room is now occupied.`,
  }),
  requestRejected: (p) => ({ title: `${p.tenantName} rejected your request for Room ${p.roomNumber}` }),
  billsUploaded: (p) => ({
    title: `New bills for Room ${p.roomNumber}: ${money(p.totalPaise)}`,
    body: `${p.count} bill${p.count === 1 ? '' : 's'} dated ${en(p.billDate)}, due ${en(p.dueDate)}.`,
  }),
  billWaived: (p) => ({
    title: `${money(p.amountPaise)} waived on your ${p.billType} for Room ${p.roomNumber}`,
    body: `Your owner waived what was left of the bill dated ${en(p.billDate)}. You no longer owe it.`,
  }),
  lateFeeWaived: (p) => ({
    title: `${money(p.amountPaise)} late fee waived for Room ${p.roomNumber}`,
    body: 'Your owner waived the late fee. You no longer owe it.',
  }),
  creditRefunded: (p) => ({
    title: `Credit refunded: ${money(p.amountPaise)}`,
    body: `Your owner refunded ${money(p.amountPaise)} of your credit for Room ${p.roomNumber} (reference ${p.reference}).`,
  }),
  paymentReceived: (p) => ({
    title: `Payment received: ${money(p.amountPaise)}`,
    body: `${p.tenantName ?? 'Your tenant'} paid for Room ${p.roomNumber} (receipt ${p.receiptNumber}).`,
  }),
  paymentRecorded: (p) => ({
    title:
      p.source === 'deposit'
        ? `${money(p.amountPaise)} of your security deposit settled your bills`
        : p.source === 'reported'
          ? `Payment confirmed: ${money(p.amountPaise)}`
          : `Payment recorded: ${money(p.amountPaise)}`,
    body: `${PAYMENT_METHOD_LABELS[p.method]}, ${en(p.paidOn)}, for Room ${p.roomNumber} (receipt ${p.receiptNumber}).`,
  }),
  paymentReported: (p) => ({
    title: `Payment to confirm: ${money(p.amountPaise)}`,
    body: `${p.tenantName ?? 'Your tenant'} says they paid you by UPI for Room ${p.roomNumber} on ${en(p.paidOn)} (UTR ${p.reference}). Check your bank and confirm it.`,
  }),
  paymentReportRejected: (p) => ({
    title: `Payment not confirmed: ${money(p.amountPaise)}`,
    body: `Your owner could not find your UPI payment of ${en(p.paidOn)} (UTR ${p.reference}): ${p.reason}`,
  }),
  paymentReversed: (p) => ({
    title: `Payment reversed: ${money(p.amountPaise)}`,
    body: `Your owner reversed the ${PAYMENT_METHOD_LABELS[p.method]} payment of ${en(p.paidOn)} (receipt ${p.receiptNumber}): ${p.reason}`,
  }),
  leaseTermsChanged: (p) => ({
    title: `Lease terms changed for ${enRoom(p)}`,
    body: `From the ${monthInWords(p.from)} rent: ${rent(p.rentPaise)}, due on day ${p.rentDueDay}.`,
  }),
  depositSettled: (p) => ({
    title: `Deposit settled for Room ${p.roomNumber}: ${money(p.refundPaise)} refunded`,
    body: `${p.propertyTitle}: ${money(p.heldPaise)} held, ${money(p.deductedPaise)} deducted. Open the settlement statement to see each deduction.`,
  }),
  leaseEndingTenant: (p) => ({
    title: `Your lease for ${enRoom(p)} ends on ${en(p.endsOn)}`,
    body: 'Your owner may offer a renewal, which you can accept or decline on your room; otherwise plan your move-out.',
  }),
  leaseEndingOwner: (p) => ({
    title: `The lease of ${enRoom(p)} (${p.tenantName}) ends on ${en(p.endsOn)}`,
    body: 'Renew it (a new term, the yearly increment applied) or let it end, from the room’s lease panel.',
  }),
  leaseLetEnd: (p) => ({
    title: `Your lease for ${enRoom(p)} ends on ${en(p.on)}`,
    body: `Your owner is letting the lease end. Your move-out is on ${en(p.on)}; rent is billed to that day.`,
  }),
  renewalProposed: (p) => ({
    title: `Lease renewal proposed for ${enRoom(p)}`,
    body: `${rent(p.rentPaise)} for ${p.termMonths} months from ${en(p.startDate)}, to ${en(p.endDate)}. Accept or decline it on your room.`,
  }),
  renewalWithdrawn: (p) => ({ title: `Lease renewal withdrawn for ${enRoom(p)}`, body: 'Your owner withdrew the renewal they proposed.' }),
  renewalAccepted: (p) => ({
    title: `Lease renewal accepted for ${enRoom(p)}`,
    body: `The tenant accepted ${rent(p.rentPaise)} from the ${monthInWords(p.from)} rent; the term now ends on ${en(p.endsOn)}.`,
  }),
  renewalDeclined: (p) => ({
    title: `Lease renewal declined for ${enRoom(p)}`,
    body: 'The tenant declined the renewal. You can propose another, or let the lease end.',
  }),
  payoutAccountChanged: (p) => ({ title: MSG.payoutAccountChangedTitle, body: MSG.payoutAccountChangedBody(p.last4) }),
  payoutAccountActivated: () => ({ title: MSG.payoutAccountActivatedTitle, body: MSG.payoutAccountActivatedBody }),
  message: (p) => ({
    title: `${{ maintenance: 'Maintenance request', enquiry: 'New enquiry', message: 'New message' }[p.what]} from ${p.senderName ?? 'someone'} · Room ${p.roomNumber}`,
    body: p.excerpt,
  }),
  reportResolved: (p) => ({
    title: MSG.reportResolvedTitle,
    body: p.outcome === 'actioned' ? MSG.reportResolvedActioned : MSG.reportResolvedDismissed,
  }),
  listingHidden: (p) => ({ title: MSG.listingHiddenTitle(enListing(p)), body: MSG.listingHiddenBody(p.reason) }),
  listingRestored: (p) => ({ title: MSG.listingRestoredTitle(enListing(p)), body: MSG.listingRestoredBody }),
};

const hi = (d: string) => dayIn(d, 'hi-IN');
const hiRoom = (p: { roomNumber: string; propertyTitle: string }) => `कमरा ${p.roomNumber}, ${p.propertyTitle}`;
const hiListing = (p: { roomNumber: string | null; propertyTitle: string }) =>
  p.roomNumber ? `कमरा ${p.roomNumber} · ${p.propertyTitle}` : p.propertyTitle;
const hiBill = (t: string) => BILL_TYPE_HI[t] ?? t;
const hiMonth = (period: string) => monthInWords(period, 'hi-IN');

const HI: Texts = {
  requestReceived: (p) => ({
    title: `नया अनुरोध: ${hiRoom(p)}`,
    body: 'मकान मालिक ने आपको इस कमरे के लिए आमंत्रित किया है। "अनुरोध" में इसे स्वीकार या अस्वीकार करें।',
  }),
  requestAccepted: (p) => ({
    title: `${p.tenantName ?? 'आपके किरायेदार'} ने कमरा ${p.roomNumber} के लिए आपका अनुरोध स्वीकार कर लिया`,
    body: `${p.propertyTitle}: कमरा अब किराए पर है।`,
  }),
  requestRejected: (p) => ({ title: `${p.tenantName} ने कमरा ${p.roomNumber} के लिए आपका अनुरोध अस्वीकार कर दिया` }),
  billsUploaded: (p) => ({
    title: `कमरा ${p.roomNumber} के नए बिल: ${money(p.totalPaise)}`,
    body: `${hi(p.billDate)} के ${p.count} बिल, देय तिथि ${hi(p.dueDate)}।`,
  }),
  billWaived: (p) => ({
    title: `कमरा ${p.roomNumber} के ${hiBill(p.billType)} पर ${money(p.amountPaise)} माफ़`,
    body: `आपके मकान मालिक ने ${hi(p.billDate)} के बिल की बाकी रकम माफ़ कर दी। अब आपको यह नहीं चुकानी है।`,
  }),
  lateFeeWaived: (p) => ({
    title: `कमरा ${p.roomNumber} का ${money(p.amountPaise)} विलंब शुल्क माफ़`,
    body: 'आपके मकान मालिक ने विलंब शुल्क माफ़ कर दिया। अब आपको यह नहीं चुकाना है।',
  }),
  creditRefunded: (p) => ({
    title: `क्रेडिट का रिफ़ंड: ${money(p.amountPaise)}`,
    body: `आपके मकान मालिक ने कमरा ${p.roomNumber} के आपके क्रेडिट में से ${money(p.amountPaise)} रिफ़ंड किए (रेफ़रेंस ${p.reference})।`,
  }),
  paymentReceived: (p) => ({
    title: `भुगतान मिला: ${money(p.amountPaise)}`,
    body: `${p.tenantName ?? 'आपके किरायेदार'} ने कमरा ${p.roomNumber} के लिए भुगतान किया (रसीद ${p.receiptNumber})।`,
  }),
  paymentRecorded: (p) => ({
    title:
      p.source === 'deposit'
        ? `आपकी जमा राशि में से ${money(p.amountPaise)} से आपके बिल चुकाए गए`
        : p.source === 'reported'
          ? `भुगतान की पुष्टि हुई: ${money(p.amountPaise)}`
          : `भुगतान दर्ज हुआ: ${money(p.amountPaise)}`,
    body: `${PAYMENT_METHOD_HI[p.method] ?? p.method}, ${hi(p.paidOn)}, कमरा ${p.roomNumber} के लिए (रसीद ${p.receiptNumber})।`,
  }),
  paymentReported: (p) => ({
    title: `पुष्टि के लिए भुगतान: ${money(p.amountPaise)}`,
    body: `${p.tenantName ?? 'आपके किरायेदार'} के मुताबिक़ उन्होंने ${hi(p.paidOn)} को कमरा ${p.roomNumber} के लिए आपको UPI से भुगतान किया (UTR ${p.reference})। अपना बैंक खाता देखकर इसकी पुष्टि करें।`,
  }),
  paymentReportRejected: (p) => ({
    title: `भुगतान की पुष्टि नहीं हुई: ${money(p.amountPaise)}`,
    body: `आपके मकान मालिक को ${hi(p.paidOn)} का आपका UPI भुगतान नहीं मिला (UTR ${p.reference}): ${p.reason}`,
  }),
  paymentReversed: (p) => ({
    title: `भुगतान रद्द: ${money(p.amountPaise)}`,
    body: `आपके मकान मालिक ने ${hi(p.paidOn)} का ${PAYMENT_METHOD_HI[p.method] ?? p.method} भुगतान रद्द कर दिया (रसीद ${p.receiptNumber}): ${p.reason}`,
  }),
  leaseTermsChanged: (p) => ({
    title: `${hiRoom(p)} के किरायानामे की शर्तें बदलीं`,
    body: `${hiMonth(p.from)} के किराए से: ${rentHi(p.rentPaise)}, हर महीने की ${p.rentDueDay} तारीख़ को देय।`,
  }),
  depositSettled: (p) => ({
    title: `कमरा ${p.roomNumber} की जमा राशि का निपटारा: ${money(p.refundPaise)} रिफ़ंड`,
    body: `${p.propertyTitle}: ${money(p.heldPaise)} जमा थे, ${money(p.deductedPaise)} काटे गए। हर कटौती देखने के लिए निपटारे का विवरण खोलें।`,
  }),
  leaseEndingTenant: (p) => ({
    title: `${hiRoom(p)} का आपका किरायानामा ${hi(p.endsOn)} को ख़त्म हो रहा है`,
    body: 'आपके मकान मालिक नवीनीकरण का प्रस्ताव दे सकते हैं, जिसे आप अपने कमरे के पेज पर स्वीकार या अस्वीकार कर सकते हैं; वरना मकान खाली करने की तैयारी करें।',
  }),
  leaseEndingOwner: (p) => ({
    title: `${hiRoom(p)} (${p.tenantName}) का किरायानामा ${hi(p.endsOn)} को ख़त्म हो रहा है`,
    body: 'कमरे के किरायानामा पैनल से इसका नवीनीकरण करें (नई अवधि, सालाना बढ़ोतरी के साथ) या इसे ख़त्म होने दें।',
  }),
  leaseLetEnd: (p) => ({
    title: `${hiRoom(p)} का आपका किरायानामा ${hi(p.on)} को ख़त्म हो रहा है`,
    body: `आपके मकान मालिक किरायानामा ख़त्म होने दे रहे हैं। आपको ${hi(p.on)} को मकान खाली करना है; उस दिन तक का किराया लगेगा।`,
  }),
  renewalProposed: (p) => ({
    title: `${hiRoom(p)} के किरायानामे के नवीनीकरण का प्रस्ताव`,
    body: `${hi(p.startDate)} से ${hi(p.endDate)} तक ${p.termMonths} महीनों के लिए ${rentHi(p.rentPaise)}। अपने कमरे के पेज पर इसे स्वीकार या अस्वीकार करें।`,
  }),
  renewalWithdrawn: (p) => ({
    title: `${hiRoom(p)} के किरायानामे का नवीनीकरण वापस लिया गया`,
    body: 'आपके मकान मालिक ने अपना नवीनीकरण प्रस्ताव वापस ले लिया।',
  }),
  renewalAccepted: (p) => ({
    title: `${hiRoom(p)} के किरायानामे का नवीनीकरण स्वीकार हुआ`,
    body: `किरायेदार ने ${hiMonth(p.from)} के किराए से ${rentHi(p.rentPaise)} स्वीकार कर लिया; अवधि अब ${hi(p.endsOn)} को ख़त्म होगी।`,
  }),
  renewalDeclined: (p) => ({
    title: `${hiRoom(p)} के किरायानामे का नवीनीकरण अस्वीकार हुआ`,
    body: 'किरायेदार ने नवीनीकरण अस्वीकार कर दिया। आप दूसरा प्रस्ताव दे सकते हैं, या किरायानामा ख़त्म होने दे सकते हैं।',
  }),
  payoutAccountChanged: (p) => ({ title: MSG_HI.payoutAccountChangedTitle, body: MSG_HI.payoutAccountChangedBody(p.last4) }),
  payoutAccountActivated: () => ({ title: MSG_HI.payoutAccountActivatedTitle, body: MSG_HI.payoutAccountActivatedBody }),
  message: (p) => ({
    title: `${p.senderName ?? 'किसी'} से ${{ maintenance: 'मरम्मत का अनुरोध', enquiry: 'नई पूछताछ', message: 'नया संदेश' }[p.what]} · कमरा ${p.roomNumber}`,
    body: p.excerpt,
  }),
  reportResolved: (p) => ({
    title: MSG_HI.reportResolvedTitle,
    body: p.outcome === 'actioned' ? MSG_HI.reportResolvedActioned : MSG_HI.reportResolvedDismissed,
  }),
  listingHidden: (p) => ({ title: MSG_HI.listingHiddenTitle(hiListing(p)), body: MSG_HI.listingHiddenBody(p.reason) }),
  listingRestored: (p) => ({ title: MSG_HI.listingRestoredTitle(hiListing(p)), body: MSG_HI.listingRestoredBody }),
};

export const NOTIFICATION_TEXTS: Record<Locale, Texts> = { 'en-IN': EN, 'hi-IN': HI };

/** The longest title and body the bell shows (longer is cut with an ellipsis). */
export const TITLE_MAX = 200;
export const BODY_MAX = 300;
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * The title and body of a notification in `locale`. A row written before notifications kept parameters (no
 * `params`) has only its English title and body: they are answered as they were stored, in every language.
 */
export function notificationWords(
  stored: { params?: unknown; title?: string | null; body?: string | null },
  locale: Locale,
): NotificationWords {
  const p = stored.params as NotificationPayload | null | undefined;
  const make =
    p && typeof p === 'object'
      ? (NOTIFICATION_TEXTS[locale][p.text] as ((x: unknown) => { title: string; body?: string }) | undefined)
      : undefined;
  if (!make) return { title: stored.title ?? '', body: stored.body ?? '' };
  const w = make(p);
  return { title: cut(w.title, TITLE_MAX), body: cut(w.body ?? '', BODY_MAX) };
}
