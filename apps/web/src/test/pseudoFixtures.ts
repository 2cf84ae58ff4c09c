/**
 * Realistic answers for the signed-in pseudo-locale route tests (issue 27 item 4, ADR 039): one owner (Priya) with
 * Lotus Homes, its rooms 101 (let to Asha Verma) and 102 (vacant), their bills, payments, deposit and messages,
 * and one tenant (Rahul) of room 301. Typed by the contract so they follow the API.
 */
import type { Bill, Payment, PaymentReport } from '@kiraya/contract';
import type { Message, Thread } from '@kiraya/contract/chat';
import { todayInIndia } from '@kiraya/contract/dates';
import type { ResponseData } from '@kiraya/contract/endpoints';

export const person = (id: string, fullName: string) => ({ _id: id, username: id, fullName });
export const priya = person('u-owner', 'Priya Raghavan');
export const rahul = person('u-tenant', 'Rahul Verma');
export const asha = person('t1', 'Asha Verma');

export function makeThread(over: Partial<Thread> = {}): Thread {
  return {
    _id: 'th1',
    kind: 'room',
    room: { _id: 'r1', roomNumber: '101', propertyId: 'p1', propertyTitle: 'Lotus Homes' },
    owner: priya,
    tenant: rahul,
    with: priya,
    canSend: true,
    unread: 0,
    lastMessage: null,
    lastMessageAt: null,
    ...over,
  };
}
let m = 0;
export const makeMessage = (over: Partial<Message> = {}): Message => {
  m += 1;
  return {
    _id: `m${m}`,
    threadId: 'th1',
    senderId: 'u-owner',
    mine: false,
    text: 'Hello',
    maintenance: false,
    warning: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
};

const place = { property: { _id: 'p1', title: 'Lotus Homes' }, room: { _id: 'r1', roomNumber: '101' } };

export const ownerCollection: ResponseData<'ownerCollection'> = {
  month: '2026-11',
  totals: { billed: 26500, collected: 18500, pending: 8000, overdue: 12999.75 },
  rooms: [
    { ...place, tenant: { _id: 't1', fullName: 'Asha Verma' }, billed: 8000, collected: 0, pending: 8000, overdue: 12999.75 },
    { property: place.property, room: { _id: 'r2', roomNumber: '102' }, tenant: null, billed: 0, collected: 0, pending: 0, overdue: 0 },
  ],
};

export const whoAsked: ResponseData<'whoAsked'> = [
  { _id: 'a1', tenant: { _id: 'u9', username: 'neha_k', fullName: 'Neha Kapoor' }, ...place, revealedAt: '2026-10-30T09:15:00.000Z' },
];

export const receivedPayment = {
  ...place,
  _id: 'pay1',
  receiptNumber: 'KR-2026-000123',
  paidAt: '2026-11-03T08:00:00.000Z',
  amount: 8500,
  method: 'cash',
  methodLabel: 'Cash',
  reversed: false,
  tenant: { _id: 't1', fullName: 'Asha Verma' },
};

export const tdsNotice = {
  ...place,
  tenant: { _id: 't1', fullName: 'Asha Verma' },
  period: 'FY2026-27',
  financialYear: '2026-27',
  ratePercent: 2,
  monthlyRent: 60000,
  yearRent: 480000,
  tax: 9600,
  deductOn: '2027-03-31',
  ownerHasPan: false,
};

const months = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
export const ownerStatistics: ResponseData<'ownerStatistics'> = {
  months: months.map((month, i) => ({
    month,
    billed: 8000 + i * 500,
    collected: 7000 + i * 400,
    received: 7000,
    occupiedRooms: 2,
    totalRooms: 3,
  })),
  totals: { billed: 51000, collected: 44000, outstanding: 7000, overdue: 3000, received: 42000 },
  outstandingByProperty: [{ _id: 'p1', title: 'Lotus Homes', outstanding: 7000, overdue: 3000 }],
  outstandingByRoom: [{ ...place, outstanding: 7000, overdue: 3000 }],
  latestPayments: [
    receivedPayment,
    { ...receivedPayment, _id: 'pay2', receiptNumber: 'KR-2026-000124', reversed: true, method: 'upi', methodLabel: 'UPI direct' },
  ],
  rooms: { total: 3, occupied: 2 },
  tds: [tdsNotice],
};

export const ownerBillings: ResponseData<'ownerBillings'> = {
  bills: [
    {
      ...place,
      _id: 'b1',
      billType: 'Rent Bill',
      billDate: '2026-11-01',
      dueDate: '2026-11-05',
      amount: 8500,
      paid: 0,
      outstanding: 8500,
      status: 'unpaid',
      overdue: true,
      tenant: { _id: 't1', fullName: 'Asha Verma' },
    },
    {
      ...place,
      _id: 'b2',
      billType: 'Electricity Bill',
      billDate: '2026-11-01',
      dueDate: '2026-11-10',
      amount: 1200,
      paid: 600,
      outstanding: 600,
      status: 'partly_paid',
      overdue: false,
      tenant: { _id: 't1', fullName: 'Asha Verma' },
    },
    {
      ...place,
      _id: 'b3',
      billType: 'Late Fee',
      billDate: '2026-10-10',
      dueDate: '2026-10-10',
      amount: 200,
      paid: 200,
      outstanding: 0,
      status: 'paid',
      overdue: false,
      tenant: { _id: 't1', fullName: 'Asha Verma' },
    },
  ],
  totals: { count: 3, amount: 9900, paid: 800, outstanding: 9100 },
  page: 1,
  pageCount: 1,
  payments: [receivedPayment],
  paymentsTotal: 8500,
  properties: [
    {
      _id: 'p1',
      title: 'Lotus Homes',
      rooms: [
        { _id: 'r1', roomNumber: '101' },
        { _id: 'r2', roomNumber: '102' },
      ],
    },
  ],
};

export const payoutAccount: NonNullable<ResponseData<'payoutAccount'>> = {
  holderName: 'Priya Raghavan',
  accountNumberMasked: '••••4321',
  ifsc: 'HDFC0001234',
  status: 'needs_clarification',
  statusReason: 'The PAN does not match the account holder.',
  gateway: 'sandbox',
  checkedAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const payout = {
  paymentId: 'pay1',
  receiptNumber: 'KR-2026-000123',
  paidAt: '2026-11-03T08:00:00.000Z',
  roomNumber: '101',
  propertyName: 'Lotus Homes',
  tenantName: 'Asha Verma',
  amount: 8500,
  fee: 85,
  net: 8415,
  transferId: null,
  settledOn: null,
  utr: null,
  failureReason: null,
};
export const payouts: ResponseData<'payouts'> = {
  feeBps: 100,
  payouts: [
    { ...payout, state: 'settled', transferId: 'trf_1', settledOn: '2026-11-05', utr: 'UTR123456' },
    { ...payout, paymentId: 'pay3', receiptNumber: 'KR-2026-000125', state: 'failed', failureReason: 'The bank account was closed.' },
    { ...payout, paymentId: 'pay4', receiptNumber: 'KR-2026-000126', state: 'transferred', transferId: 'trf_2' },
  ],
  months: [{ month: '2026-11', count: 3, amount: 25500, fee: 255, net: 25245, settled: 8415 }],
};

/** The day `n` days from today in India (YYYY-MM-DD): a lease's end inside its renewal window. */
export function daysFromToday(n: number): string {
  const [y, m, d] = todayInIndia().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

// The room's panels (owner and tenant): its lease, deposit, bills, payments, reports and documents.
export const terms = {
  rent: 850_000,
  securityDeposit: 1_700_000,
  rentDueDay: 5,
  startDate: '2026-09-15',
  termMonths: 11,
  incrementPercent: 5,
  noticeMonths: 1,
  lateFee: { kind: 'flat' as const, amount: 20_000, graceDays: 3 },
};
export const makeLease = (roomId: string, over: Partial<ResponseData<'lease'>> = {}): ResponseData<'lease'> => ({
  tenancyId: `ten-${roomId}`,
  roomId,
  terms,
  termsFrom: '2026-09-15',
  upcoming: null,
  autoRent: true,
  termEndsOn: '2027-08-14',
  rentInForce: 850_000,
  leavingOn: null,
  renewal: null,
  ...over,
});

export const makeDeposit = (
  roomId: string,
  over: Partial<NonNullable<ResponseData<'deposit'>>> = {},
): NonNullable<ResponseData<'deposit'>> => ({
  tenancyId: `ten-${roomId}`,
  roomId,
  roomNumber: '101',
  property: { _id: 'p1', title: 'Lotus Homes', address: '12 MG Road, Pune, Maharashtra 411001' },
  owner: { _id: 'u-owner', fullName: 'Priya Raghavan' },
  tenant: { _id: 't1', fullName: 'Asha Verma' },
  moveInDate: '2026-09-15',
  moveOutDate: null,
  asked: 1_700_000,
  held: 1_700_000,
  billId: 'bdep',
  unpaidBills: 850_000,
  status: 'held',
  canSettle: true,
  settlement: null,
  ...over,
});

export const settledDeposit = (roomId: string) =>
  makeDeposit(roomId, {
    moveOutDate: '2026-12-31',
    status: 'settled',
    canSettle: false,
    settlement: {
      _id: 'set1',
      held: 1_700_000,
      deductionsTotal: 300_000,
      refund: 1_400_000,
      refundMethod: 'bank_transfer',
      refundReference: 'NEFT 0042',
      refundedOn: '2027-01-02',
      settledAt: '2027-01-02T10:00:00.000Z',
      deductions: [
        {
          _id: 'd1',
          kind: 'cleaning',
          reason: 'Deep cleaning of the kitchen',
          amount: 100_000,
          photos: [{ _id: 'ph1', url: '/api/v1/deposits/photo/ph1' }],
          payment: null,
          disputedAt: '2027-01-03T10:00:00.000Z',
          disputeText: 'The kitchen was clean when I left.',
        },
        {
          _id: 'd2',
          kind: 'unpaid_bills',
          reason: 'December electricity',
          amount: 200_000,
          photos: [],
          payment: { _id: 'pay9', receiptNumber: 'KR-2026-000130' },
          disputedAt: null,
          disputeText: null,
        },
      ],
    },
  });

const bill = (over: Partial<Bill>): Bill => ({
  _id: 'b1',
  propertyId: 'p1',
  roomId: 'r1',
  tenantId: 't1',
  billType: 'Rent Bill',
  amount: 8500,
  meterReading: null,
  meterPhotos: { current: null, previous: null },
  status: 'unpaid',
  paidAmount: 0,
  waivedAmount: 0,
  overdue: true,
  ...over,
});
export const billGroups = (roomId: string): ResponseData<'fetchBills'> => [
  {
    _id: 'g1',
    billDate: '2026-11-01',
    dueDate: '2026-11-05',
    count: 3,
    total: 10_200,
    bills: [
      bill({ roomId }),
      bill({
        _id: 'b2',
        roomId,
        billType: 'Electricity Bill',
        amount: 1200,
        meterReading: { current: 1320, previous: 1200, unitsConsumed: 120, ratePerUnit: 10 },
        meterPhotos: { current: { url: '/api/v1/bills/meter-photo/f1' }, previous: null },
        status: 'partly_paid',
        paidAmount: 600,
        overdue: false,
      }),
      bill({ _id: 'b3', roomId, billType: 'Late Fee', amount: 200, status: 'unpaid', overdue: false }),
    ],
  },
  {
    _id: 'g0',
    billDate: '2026-10-01',
    dueDate: '2026-10-05',
    count: 2,
    total: 10_500,
    bills: [
      bill({ _id: 'b4', roomId, status: 'paid', paidAmount: 8500, overdue: false }),
      bill({
        _id: 'b5',
        roomId,
        billType: 'Deposit',
        amount: 2000,
        status: 'partly_paid',
        paidAmount: 1000,
        waivedAmount: 1000,
        overdue: false,
      }),
    ],
  },
];

export const lastReadings: ResponseData<'lastReadings'> = [
  { billType: 'Electricity Bill', current: 1320, ratePerUnit: 10, billDate: '2026-11-01' },
];

const party = (id: string, fullName: string) => ({ _id: id, username: id, fullName });
export const makePayment = (over: Partial<Payment> = {}): Payment => ({
  _id: 'pay1',
  receiptNumber: 'KR-2026-000123',
  kind: 'offline',
  gateway: null,
  orderId: null,
  paymentId: null,
  method: 'cash',
  methodLabel: 'Cash',
  reference: null,
  note: 'Paid at the door',
  amount: 8500,
  currency: 'INR',
  paidAt: '2026-11-03T08:00:00.000Z',
  paidOn: '2026-11-03',
  source: 'recorded',
  roomId: 'r1',
  propertyId: 'p1',
  room: { _id: 'r1', roomNumber: '101' },
  property: { _id: 'p1', title: 'Lotus Homes' },
  tenantId: party('t1', 'Asha Verma'),
  ownerId: party('u-owner', 'Priya Raghavan'),
  allocations: [
    { billId: 'b4', billType: 'Rent Bill', billDate: '2026-10-01', amount: 8000 },
    { billId: 'b5', billType: 'Deposit', billDate: '2026-10-01', amount: 500 },
  ],
  reversal: null,
  reversible: true,
  ...over,
});
export const payments: Payment[] = [
  makePayment(),
  makePayment({
    _id: 'pay2',
    receiptNumber: 'KR-2026-000124',
    kind: 'gateway',
    gateway: 'sandbox',
    orderId: 'order_1',
    paymentId: 'pay_sbx_1',
    method: 'upi',
    methodLabel: 'UPI (gateway)',
    note: null,
    source: 'verify',
    reversible: false,
  }),
  makePayment({
    _id: 'pay3',
    receiptNumber: 'KR-2026-000125',
    method: 'upi',
    methodLabel: 'UPI direct',
    reference: '412345678901',
    source: 'reported',
    reversal: { reversedAt: '2026-11-04T08:00:00.000Z', reason: 'The transfer bounced' },
    reversible: false,
  }),
];

export const paymentReport = (roomId: string): PaymentReport => ({
  _id: 'rep1',
  status: 'pending',
  amount: 1200,
  reference: '412345678901',
  paidOn: '2026-11-04',
  note: 'Electricity for November',
  room: { _id: roomId, roomNumber: '101' },
  property: { _id: 'p1', title: 'Lotus Homes' },
  tenant: { _id: 't1', fullName: 'Asha Verma' },
  reportedAt: '2026-11-04T09:00:00.000Z',
  decidedAt: null,
  rejectReason: null,
  paymentId: null,
});

export const documents = (roomId: string): ResponseData<'roomDocuments'> => [
  {
    _id: 'doc1',
    roomId,
    name: 'Rent agreement.pdf',
    contentType: 'application/pdf',
    size: 245_760,
    uploadedBy: { _id: 'u-owner', fullName: 'Priya Raghavan', role: 'owner' },
    mine: true,
    createdAt: '2026-09-15T10:00:00.000Z',
    url: '/api/v1/documents/file/doc1',
  },
  {
    _id: 'doc2',
    roomId,
    name: 'Aadhaar copy.jpg',
    contentType: 'image/jpeg',
    size: 120_000,
    uploadedBy: { _id: 't1', fullName: 'Asha Verma', role: 'tenant' },
    mine: false,
    createdAt: '2026-09-16T10:00:00.000Z',
    url: '/api/v1/documents/file/doc2',
  },
];

const address = {
  _id: 'p1',
  title: 'Lotus Homes',
  street: '12 MG Road',
  landmark: 'Near City Mall',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
};
export const receipt = (over: Partial<Payment> = {}): ResponseData<'receipt'> => ({
  ...makePayment(over),
  payer: { fullName: 'Asha Verma', email: 'asha@example.com', phoneNumber: '+919876543210' },
  payee: { fullName: 'Priya Raghavan', email: 'priya@kiraya.demo', phoneNumber: '+919812017435' },
  address,
});

/** A month's rent receipt, or the financial year's (with the TDS the tenant deducts). */
export const rentReceipt = (period: string): ResponseData<'rentReceipt'> => {
  const year = period.startsWith('FY');
  return {
    period,
    label: year ? 'Financial year 2026-27' : 'November 2026',
    from: year ? '2026-04-01' : '2026-11-01',
    to: year ? '2027-03-31' : '2026-11-30',
    tenant: { fullName: 'Rahul Verma' },
    owner: { fullName: 'Priya Raghavan', pan: year ? null : 'ABCDE1234F' },
    panRequired: year,
    address,
    room: { _id: 'r1', roomNumber: '101' },
    rentPaid: year ? 480_000 : 60_000,
    payments: [
      {
        _id: 'pay1',
        receiptNumber: 'KR-2026-000123',
        paymentId: null,
        methodLabel: 'Cash',
        paidAt: '2026-11-03T08:00:00.000Z',
        rentFor: '2026-11-01',
        amount: 30_000,
      },
      {
        _id: 'pay2',
        receiptNumber: 'KR-2026-000124',
        paymentId: 'pay_sbx_1',
        methodLabel: 'UPI (gateway)',
        paidAt: '2026-11-04T08:00:00.000Z',
        rentFor: '2026-11-01',
        amount: 30_000,
      },
    ],
    issuedOn: '2026-11-28',
    tds: year ? { ratePercent: 2, tax: 9600, monthlyRent: 60_000, yearRent: 480_000, financialYear: '2026-27' } : null,
  };
};

export const notifications: ResponseData<'notifications'> = {
  items: [
    {
      _id: 'n1',
      kind: 'paymentReceived',
      title: 'Payment received',
      body: 'Asha Verma paid ₹8,500.00 for room 101, Lotus Homes.',
      link: '/OwnerDashboard/Receipts/pay1',
      read: false,
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
    {
      _id: 'n2',
      kind: 'message',
      title: 'New message',
      body: 'Asha Verma: The fan is broken',
      link: '/OwnerDashboard/Messages?thread=th1',
      read: true,
      createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    },
  ],
  unread: 1,
};

// The tenant: Rahul, in room 301 of Lotus Homes (r3), owing this month's rent; an earlier room he left.
export const tenantRoomId = 'r3';
