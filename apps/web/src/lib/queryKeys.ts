/**
 * Every query key of the app in one place, so a change in one feature can refresh another's data
 * (a room change refreshes the property, whose counts derive from its rooms: B13).
 */
import type { PropertySort } from '@kiraya/contract/constants';

/** The public list's filters, as kept in the URL (B1). */
export type PropertyFilters = {
  q?: string;
  city?: string;
  state?: string;
  propertyType?: string;
  minRent?: number;
  maxRent?: number;
  sort?: PropertySort;
  page?: number;
  // The listing facts (ADR 048); lists comma-joined, as the API also reads them.
  bhk?: string;
  furnishing?: string;
  tenantType?: string;
  availableBy?: string;
  maxDeposit?: number;
  veg?: boolean;
  pets?: boolean;
  parking?: string;
  amenities?: string;
  locality?: string;
  near?: string;
  radiusKm?: number;
};

export const queryKeys = {
  users: {
    all: ['users'] as const,
    me: ['users', 'me'] as const,
    usernameChecks: ['users', 'check-username'] as const,
    usernameCheck: (username: string) => ['users', 'check-username', username.toLowerCase()] as const,
    tenantSearch: (q: string) => ['users', 'search', q] as const,
    emailPrefs: ['users', 'email-settings'] as const,
  },
  /** The development mailbox (issue 25). */
  devMailbox: ['dev', 'mailbox'] as const,
  /** Invitations and tenancies: the tenant's rooms and a room's invitations (owner). */
  tenancy: {
    all: ['tenancy'] as const,
    myRooms: ['tenancy', 'my-rooms'] as const,
    /** The tenant's current rooms only (the dashboard's first-run check). */
    currentRooms: ['tenancy', 'current-rooms'] as const,
    roomRequests: (roomId: string) => ['tenancy', 'room-requests', roomId] as const,
    roomEmailInvites: (roomId: string) => ['tenancy', 'room-email-invites', roomId] as const,
  },
  properties: {
    all: ['properties'] as const,
    public: (f: PropertyFilters) => ['properties', 'public', f] as const,
    mine: () => ['properties', 'mine'] as const,
    one: (id: string) => ['properties', 'one', id] as const,
  },
  rooms: {
    all: ['rooms'] as const,
    list: (propertyId: string) => ['rooms', propertyId] as const,
  },
  /** Bill groups per room (owner's Billing Details tab, tenant's billing list). */
  bills: {
    all: ['bills'] as const,
    room: (roomId: string) => ['bills', 'room', roomId] as const,
    tenant: ['bills', 'tenant'] as const,
    lastReadings: (roomId: string) => ['bills', 'last-readings', roomId] as const,
  },
  /** Payments (issue 10): the Pay screen's bill, payments made or received, receipts, rent receipts (B18). */
  payments: {
    all: ['payments'] as const,
    payContext: (billId: string) => ['payments', 'pay', billId] as const,
    paySummary: (roomId: string) => ['payments', 'summary', roomId] as const,
    roomCredit: (roomId: string) => ['payments', 'credit', roomId] as const,
    mine: (roomId?: string) => ['payments', 'mine', roomId ?? 'all'] as const,
    receipt: (paymentId: string) => ['payments', 'receipt', paymentId] as const,
    rentReceipt: (roomId: string, period: string) => ['payments', 'rent-receipt', roomId, period] as const,
    /** Reported UPI payments (issue 23), for one room or all, by status. */
    reports: (roomId?: string, status?: string) => ['payments', 'reports', roomId ?? 'all', status ?? 'any'] as const,
  },
  /** A room's lease (issue 22): the terms in force, any later change, automatic rent. */
  leases: {
    all: ['leases'] as const,
    room: (roomId: string) => ['leases', 'room', roomId] as const,
  },
  /** A room's security deposit (issue 22 item 4): asked, held, its settlement. */
  deposits: {
    all: ['deposits'] as const,
    room: (roomId: string) => ['deposits', 'room', roomId] as const,
  },
  /** A room's documents (B7). */
  documents: {
    all: ['documents'] as const,
    room: (roomId: string) => ['documents', 'room', roomId] as const,
  },
  /** Statistics and billings (B6): refreshed when bills or payments change. */
  /**
   * Payouts (issue 24): the owner's payout account and each online payment's way to the bank. Under
   * `payments`, so a live payments event (a payment recorded, a payout transferred) refreshes them too.
   */
  payouts: {
    all: ['payments', 'payouts'] as const,
    account: ['payments', 'payouts', 'account'] as const,
    list: ['payments', 'payouts', 'list'] as const,
  },
  statistics: {
    all: ['statistics'] as const,
    owner: ['statistics', 'owner'] as const,
    ownerCollection: ['statistics', 'owner-collection'] as const,
    ownerWaiting: ['statistics', 'owner-waiting'] as const,
    ownerBillings: (filters: Record<string, string | undefined>) => ['statistics', 'owner-billings', filters] as const,
    tenant: ['statistics', 'tenant'] as const,
  },
  /** Conversations (B7): the caller's list, a room's threads (owner's Messages tab), one thread's messages. */
  messages: {
    all: ['messages'] as const,
    mine: ['messages', 'mine'] as const,
    /** The tenant's current rooms, for Messages' "Start a conversation". */
    currentRooms: ['messages', 'current-rooms'] as const,
    room: (roomId: string) => ['messages', 'room', roomId] as const,
    thread: (threadId: string) => ['messages', 'thread', threadId] as const,
  },
  notifications: {
    all: ['notifications'] as const,
  },
  /** Unread totals (GET /events without a stream): header and home badges. */
  unread: ['unread'] as const,
  /** Reports (issue 26 item 1): the caller's own reports, which make a Report button read "Reported". */
  reports: {
    all: ['reports'] as const,
    mine: ['reports', 'mine'] as const,
  },
  /** The moderators' dashboard (issue 26 item 3): every action refreshes all of it. */
  admin: {
    all: ['admin'] as const,
    queue: ['admin', 'queue'] as const,
    target: (targetType: string, targetId: string) => ['admin', 'target', targetType, targetId] as const,
    audit: ['admin', 'audit'] as const,
  },
  contacts: {
    /** The tenant's revealed owners (OwnerDetails). */
    mine: ['contacts', 'mine'] as const,
    /** Who asked for the owner's number. */
    asked: ['contacts', 'asked'] as const,
    /** The tenant's recently viewed properties. */
    recent: ['contacts', 'recent'] as const,
  },
} as const;
