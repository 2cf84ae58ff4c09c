import type { NotificationParams, NotificationPayload, NotificationTextKey } from '../i18n/notifications.js';

/**
 * Sample facts for every notification text (issue 27), and the English words left in a Hindi text: the server's
 * "no string left behind" tests (src/i18n/i18n.test.ts, modules/outbox/templates/hindi.test.ts) write every
 * notification and every email in Hindi from them.
 */
export const SAMPLE: { [K in NotificationTextKey]: NotificationParams[K] } = {
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
  reportResolved: { outcome: 'actioned' },
  listingHidden: { roomNumber: '101', propertyTitle: 'Neem', reason: 'ब्रोकर की लिस्टिंग' },
  listingRestored: { roomNumber: null, propertyTitle: 'Neem' },
};
export const payload = (k: NotificationTextKey) => ({ text: k, ...SAMPLE[k] }) as NotificationPayload;

/** English words left in a Hindi text, once names Kiraya keeps and the samples' own names are taken out. */
export const english = (s: string) =>
  s.replace(/https?:\S+|\S+@\S+|Kiraya|UPI|UTR|PAN|Razorpay|Neem|Asha|Lucknow|KR-\d+-\d+/gi, '').match(/[A-Za-z]{3,}/g) ?? [];
