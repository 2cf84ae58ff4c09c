/**
 * Every route path of the web app, in one place: the route table, links, navigate calls and redirects
 * build paths from here (tests may still spell them out). Kept dependency-free: the public pages import it.
 */
const id = (v: string) => encodeURIComponent(v);

const owner = '/OwnerDashboard';
const tenant = '/TenantDashboard';
const admin = '/AdminDashboard';

export const PATHS = {
  home: '/',
  /** The installed app's start page (issue 27): the signed-in user's dashboard, or the home page. */
  start: '/start',
  auth: '/auth',
  /** /auth that says why (`why`) and, after signing in, returns to `next` (a same-site path; see safeReturnPath). */
  authFor: (next: string, why: SignInReason = 'page') => `/auth?why=${why}&next=${id(next)}`,
  properties: '/properties',
  property: (propertyId: string) => `/properties/${id(propertyId)}`,
  // Email (issue 25)
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unsubscribe: '/unsubscribe',
  devMailbox: '/dev/mailbox',
  verifyEmail: '/verify-email',
  owner: {
    root: owner,
    profile: `${owner}/Profile`,
    properties: `${owner}/Properties`,
    statistics: `${owner}/Statistics`,
    billings: `${owner}/Billings`,
    messages: `${owner}/Messages`,
    editProperty: (propertyId: string) => `${owner}/edit-property/${id(propertyId)}`,
    rooms: (propertyId: string) => `${owner}/rooms/${id(propertyId)}`,
    receipt: (paymentId: string) => `${owner}/Receipts/${id(paymentId)}`,
    /** One UPI payment report, with Confirm and Reject (ADR 042): where the notification and the home open it. */
    paymentReport: (reportId: string) => `${owner}/PaymentReports/${id(reportId)}`,
    rentReceipts: (roomId: string) => `${owner}/RentReceipts?roomId=${id(roomId)}`,
    /** The deposit settlement statement of a room's latest tenancy (issue 22 item 4). */
    depositStatement: (roomId: string) => `${owner}/Deposit/${id(roomId)}`,
  },
  tenant: {
    root: tenant,
    profile: `${tenant}/Profile`,
    myRooms: `${tenant}/MyRooms`,
    myRoom: (roomId: string) => `${tenant}/MyRooms/${id(roomId)}`,
    search: `${tenant}/Search`,
    searchProperty: (propertyId: string) => `${tenant}/Search/${id(propertyId)}`,
    statistics: `${tenant}/Statistics`,
    billings: `${tenant}/Billings`,
    payBill: (billId: string) => `${tenant}/PayBill/${id(billId)}`,
    receipt: (paymentId: string) => `${tenant}/Receipts/${id(paymentId)}`,
    rentReceipts: `${tenant}/RentReceipts`,
    rentReceiptsFor: (roomId: string) => `${tenant}/RentReceipts?roomId=${id(roomId)}`,
    /** The deposit settlement statement of the tenant's tenancy of a room (issue 22 item 4). */
    depositStatement: (roomId: string) => `${tenant}/Deposit/${id(roomId)}`,
    messages: `${tenant}/Messages`,
    /** Messages about one room: its conversation (or a new message to its owner); a maintenance request with `maintenance`. */
    messagesAbout: (roomId: string, maintenance = false) =>
      `${tenant}/Messages?room=${id(roomId)}${maintenance ? '&mode=maintenance' : ''}`,
    requests: `${tenant}/Requests`,
    ownerDetails: `${tenant}/OwnerDetails`,
    recent: `${tenant}/Recent`,
  },
  /** The moderators' dashboard (issue 26 item 3): the report queue, one target, the audit log. */
  admin: {
    root: admin,
    profile: `${admin}/Profile`,
    target: (targetType: string, targetId: string) => `${admin}/Reports/${id(targetType)}/${id(targetId)}`,
    audit: `${admin}/Audit`,
  },
} as const;

/** Route patterns, relative to their parent route, for the route table. */
export const ROUTES = {
  start: 'start',
  auth: 'auth',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  unsubscribe: 'unsubscribe',
  verifyEmail: 'verify-email',
  devMailbox: 'dev/mailbox',
  properties: 'properties',
  property: 'properties/:id',
  owner: {
    root: owner.slice(1),
    profile: 'Profile',
    properties: 'Properties',
    statistics: 'Statistics',
    billings: 'Billings',
    messages: 'Messages',
    editProperty: 'edit-property/:id',
    rooms: 'rooms/:id',
    receipt: 'Receipts/:id',
    paymentReport: 'PaymentReports/:id',
    rentReceipts: 'RentReceipts',
    depositStatement: 'Deposit/:id',
  },
  tenant: {
    root: tenant.slice(1),
    profile: 'Profile',
    myRooms: 'MyRooms',
    myRoom: 'MyRooms/:id',
    payBill: 'PayBill/:id',
    receipt: 'Receipts/:id',
    rentReceipts: 'RentReceipts',
    depositStatement: 'Deposit/:id',
    search: 'Search',
    searchProperty: 'Search/:id',
    statistics: 'Statistics',
    billings: 'Billings',
    messages: 'Messages',
    requests: 'Requests',
    ownerDetails: 'OwnerDetails',
    recent: 'Recent',
  },
  admin: {
    root: admin.slice(1),
    profile: 'Profile',
    target: 'Reports/:targetType/:targetId',
    audit: 'Audit',
  },
} as const;

/** The profile page under a dashboard root ("/OwnerDashboard" → "/OwnerDashboard/Profile"). */
export const profileOf = (dashboardRoot: string): string => `${dashboardRoot}/Profile`;

/** Why a visitor was sent to sign in: a page that needs it, a listing's Get Phone Number or Message Owner, or Report. */
export type SignInReason = 'page' | 'phone' | 'message' | 'report';
const BASE = 'https://kiraya.invalid';
/**
 * A return path only when it stays on this site: it starts with one "/", has no backslash or control character
 * (browsers read "/\evil.com" as "//evil.com"), and resolves to this origin. Never /auth itself. Else null.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || raw[0] !== '/' || raw[1] === '/') return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  try {
    const url = new URL(raw, BASE);
    if (url.origin !== BASE || url.pathname === PATHS.auth) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
