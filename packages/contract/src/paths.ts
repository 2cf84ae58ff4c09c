/**
 * Every API endpoint's method and path under API_BASE (zod-free: public pages import this).
 * Their schemas are in endpoints.ts; the server registers each route from here (ADR 012).
 */
export const PATHS = {
  register: { method: 'POST', path: '/users/register' },
  login: { method: 'POST', path: '/users/login' },
  logout: { method: 'POST', path: '/users/logout' },
  refreshToken: { method: 'POST', path: '/users/refresh-token' },
  currentUser: { method: 'GET', path: '/users/get-current-user' },
  updateAccount: { method: 'PUT', path: '/users/update-account-details' },
  changePassword: { method: 'POST', path: '/users/change-password' },
  revealIdentity: { method: 'POST', path: '/users/reveal-identity' },
  searchTenants: { method: 'GET', path: '/users/search' },
  checkUsername: { method: 'GET', path: '/users/check-username' },
  checkAvailability: { method: 'POST', path: '/users/check-availability' },
  // Email (issue 25)
  forgotPassword: { method: 'POST', path: '/users/forgot-password' },
  resetPassword: { method: 'POST', path: '/users/reset-password' },
  emailPrefs: { method: 'GET', path: '/users/email-settings' },
  updateEmailPrefs: { method: 'PUT', path: '/users/email-settings' },
  unsubscribe: { method: 'POST', path: '/users/unsubscribe' },
  devMailbox: { method: 'GET', path: '/dev/mailbox' },
  // Verification (issue 25 item 4, issue 26 item 2, ADR 033)
  verifyEmail: { method: 'POST', path: '/users/verify-email' },
  resendVerifyEmail: { method: 'POST', path: '/users/resend-verification-email' },
  sendPhoneCode: { method: 'POST', path: '/users/phone/send-code' },
  confirmPhoneCode: { method: 'POST', path: '/users/phone/confirm-code' },
  // Language (issue 27, ADR 039)
  updateLocale: { method: 'PATCH', path: '/users/locale' },
  // Web Push (issue 27, ADR 035)
  pushKey: { method: 'GET', path: '/push/public-key' },
  pushSubscribe: { method: 'POST', path: '/push/subscribe' },
  pushUnsubscribe: { method: 'POST', path: '/push/unsubscribe' },

  publicProperties: { method: 'GET', path: '/properties/fetch-all-properties' },
  myProperties: { method: 'GET', path: '/properties/fetch-properties' },
  addProperty: { method: 'POST', path: '/properties/add-new-property' },
  updateProperty: { method: 'PUT', path: '/properties/update-property/:id' },
  pauseProperty: { method: 'PATCH', path: '/properties/pause-property/:id' },
  deleteProperty: { method: 'POST', path: '/properties/delete-property' },
  property: { method: 'GET', path: '/properties/:id' },
  localities: { method: 'GET', path: '/localities' },

  addRoom: { method: 'POST', path: '/rooms/new-room' },
  updateRoom: { method: 'PUT', path: '/rooms/update-room/:id' },
  deleteRoom: { method: 'POST', path: '/rooms/delete-room' },
  roomStatus: { method: 'PATCH', path: '/rooms/room-status/:id' },
  rooms: { method: 'GET', path: '/rooms/:propertyId' },

  revealOwner: { method: 'POST', path: '/contacts/reveal/:id' },
  myReveals: { method: 'GET', path: '/contacts/revealed' },
  whoAsked: { method: 'GET', path: '/contacts/asked' },
  recordView: { method: 'POST', path: '/tenant/views/:propertyId' },
  recentViews: { method: 'GET', path: '/tenant/recent-views' },
  // Requests and tenancies (ADR 013)
  sendRequest: { method: 'POST', path: '/requests/send' },
  acceptRequest: { method: 'PATCH', path: '/requests/accept/:id' },
  rejectRequest: { method: 'PATCH', path: '/requests/reject/:id' },
  withdrawRequest: { method: 'PATCH', path: '/requests/withdraw/:id' },
  roomRequests: { method: 'GET', path: '/requests/room/:id' },
  vacateRoom: { method: 'POST', path: '/rooms/vacate/:id' },
  roomTenancies: { method: 'GET', path: '/tenancy/room/:id' },
  tenantRooms: { method: 'GET', path: '/tenant/room-details' },
  tenantPastRooms: { method: 'GET', path: '/tenant/past-rooms' },
  // Inviting someone not on Kiraya by email (issue 25 item 7)
  inviteByEmail: { method: 'POST', path: '/tenancy/invite-by-email' },
  roomEmailInvites: { method: 'GET', path: '/tenancy/email-invites/:roomId' },
  cancelEmailInvite: { method: 'POST', path: '/tenancy/cancel-email-invite/:roomId' },
  // Leases and the rent cycle (issue 22, ADR 028)
  lease: { method: 'GET', path: '/leases/room/:roomId' },
  editLeaseTerms: { method: 'PUT', path: '/leases/terms/:roomId' },
  setAutoRent: { method: 'PUT', path: '/leases/auto-rent/:roomId' },
  waiveLateFee: { method: 'POST', path: '/leases/late-fee/:billId/waive' },
  proposeRenewal: { method: 'POST', path: '/leases/renewal/:roomId' },
  withdrawRenewal: { method: 'POST', path: '/leases/renewal/:roomId/withdraw' },
  acceptRenewal: { method: 'POST', path: '/leases/renewal/:roomId/accept' },
  declineRenewal: { method: 'POST', path: '/leases/renewal/:roomId/decline' },
  letLeaseEnd: { method: 'POST', path: '/leases/let-end/:roomId' },
  // Security deposits (issue 22 item 4, ADR 029)
  deposit: { method: 'GET', path: '/deposits/room/:roomId' },
  settleDeposit: { method: 'POST', path: '/deposits/settle/:roomId' },
  disputeDeduction: { method: 'POST', path: '/deposits/dispute/:roomId' },
  uploadDepositPhoto: { method: 'POST', path: '/deposits/upload/photo' },
  // Bills (ADR 016)
  fetchBills: { method: 'GET', path: '/bills/fetch-bill/:propertyId' },
  tenantBills: { method: 'GET', path: '/bills/tenant' },
  lastReadings: { method: 'GET', path: '/bills/last-readings/:roomId' },
  addBill: { method: 'POST', path: '/bills/add-bill' },
  updateBill: { method: 'PUT', path: '/bills/update-bill/:billId' },
  deleteBill: { method: 'POST', path: '/bills/delete-bill' },
  waiveBill: { method: 'POST', path: '/bills/waive-remainder' },
  uploadMeterPhoto: { method: 'POST', path: '/bills/upload/meter-photo' },
  // Payments (issue 10, B10, B18)
  createOrder: { method: 'POST', path: '/bills/create-order' },
  verifyPayment: { method: 'POST', path: '/bills/verify-payment' },
  sandboxPay: { method: 'POST', path: '/payments/sandbox/pay' },
  checkOrder: { method: 'POST', path: '/payments/check-order/:id' },
  myPayments: { method: 'GET', path: '/payments/mine' },
  paySummary: { method: 'GET', path: '/payments/room/:id/summary' },
  roomCredit: { method: 'GET', path: '/payments/room/:id/credit' },
  refundCredit: { method: 'POST', path: '/payments/refund-credit' },
  receipt: { method: 'GET', path: '/payments/receipt/:id' },
  rentReceipt: { method: 'GET', path: '/payments/rent-receipt' },
  // Payouts through Razorpay Route (issue 24, ADR 031)
  payoutAccount: { method: 'GET', path: '/payouts/account' },
  savePayoutAccount: { method: 'PUT', path: '/payouts/account' },
  checkPayouts: { method: 'POST', path: '/payouts/check' },
  payouts: { method: 'GET', path: '/payouts/list' },
  // Rent paid outside the gateway (issue 23)
  recordPayment: { method: 'POST', path: '/payments/record' },
  reportPayment: { method: 'POST', path: '/payments/report' },
  paymentReports: { method: 'GET', path: '/payments/upi-reports' },
  paymentReport: { method: 'GET', path: '/payments/upi-reports/:id' },
  confirmReport: { method: 'POST', path: '/payments/confirm-report/:id' },
  rejectReport: { method: 'POST', path: '/payments/reject-report/:id' },
  reversePayment: { method: 'POST', path: '/payments/reverse/:id' },
  // Documents (B7, ADR 020)
  roomDocuments: { method: 'GET', path: '/documents/room/:roomId' },
  uploadDocument: { method: 'POST', path: '/documents/room/:roomId' },
  deleteDocument: { method: 'POST', path: '/documents/delete/:documentId' },
  // Statistics and billings (B6, ADR 020)
  ownerStatistics: { method: 'GET', path: '/statistics/owner' },
  ownerBillings: { method: 'GET', path: '/statistics/owner/billings' },
  ownerCollection: { method: 'GET', path: '/statistics/owner/collection' },
  ownerWaiting: { method: 'GET', path: '/statistics/owner/waiting' },
  tenantStatistics: { method: 'GET', path: '/statistics/tenant' },
  // Live events, messages and notifications (B7, ADR 017)
  liveEvents: { method: 'GET', path: '/events' },
  myThreads: { method: 'GET', path: '/messages/threads' },
  roomThreads: { method: 'GET', path: '/messages/room/:roomId' },
  threadMessages: { method: 'GET', path: '/messages/thread/:id' },
  sendMessage: { method: 'POST', path: '/messages/thread/:id' },
  readThread: { method: 'POST', path: '/messages/read/:id' },
  messageOwner: { method: 'POST', path: '/messages/to-owner/:roomId' },
  messageTenant: { method: 'POST', path: '/messages/to-tenant/:roomId' },
  notifications: { method: 'GET', path: '/notifications/list' },
  readNotification: { method: 'POST', path: '/notifications/read' },
  readAllNotifications: { method: 'POST', path: '/notifications/read-all' },
  // Reports and moderators (issue 26, ADR 037)
  createReport: { method: 'POST', path: '/reports' },
  myReports: { method: 'GET', path: '/reports/mine' },
  adminQueue: { method: 'GET', path: '/admin/queue' },
  adminTarget: { method: 'GET', path: '/admin/targets/:targetType/:targetId' },
  adminAction: { method: 'POST', path: '/admin/actions' },
  adminAudit: { method: 'GET', path: '/admin/audit' },
} as const;

/**
 * POST: the payment provider's webhook (raw JSON body, `X-Razorpay-Signature` over the raw bytes with the
 * webhook secret). Not an app endpoint: the provider calls it and reads only the status.
 */
export const PAYMENT_WEBHOOK_PATH = '/payments/webhook';

/**
 * GET: a meter photo's bytes (not an envelope), for the room's owner and tenant only (ADR 016). The
 * `url` of a bill's meterPhotos is `API_BASE + meterPhotoPath(id)` (/api/v1/bills/meter-photo/{id}): a same-origin
 * link a browser opens in a new tab with the session cookie.
 */
export const METER_PHOTO_PATH = '/bills/meter-photo/:fileId';
export const meterPhotoPath = (fileId: string): string => `/bills/meter-photo/${encodeURIComponent(fileId)}`;

/** GET: a deposit deduction photo's bytes (private, like meter photos), for the room's owner and the tenancy's tenant (ADR 029). */
export const DEPOSIT_PHOTO_PATH = '/deposits/photo/:fileId';
export const depositPhotoPath = (fileId: string): string => `/deposits/photo/${encodeURIComponent(fileId)}`;

/**
 * GET: a document's bytes (not an envelope), for the room's owner and current tenant only (ADR 020), with
 * `Content-Disposition: inline`, `X-Content-Type-Options: nosniff` and, for PDFs, a sandboxing CSP.
 */
export const DOCUMENT_FILE_PATH = '/documents/file/:documentId';
export const documentFilePath = (documentId: string): string => `/documents/file/${encodeURIComponent(documentId)}`;

/** GET ?kind=bills|payments (+ the billings filters): the owner's bills or payments as a CSV attachment. */
export const STATISTICS_EXPORT_PATH = '/statistics/owner/export';
/** The owner's payouts as a CSV attachment (not a contract endpoint: the answer is a file). */
export const PAYOUTS_EXPORT_PATH = '/payouts/export';

export type EndpointName = keyof typeof PATHS;
export type HttpMethod = (typeof PATHS)[EndpointName]['method'];

/** The `:name` parameters of a path, as an object type. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The path of `name` with its parameters filled in (URI-encoded), relative to API_BASE. */
export function pathTo<N extends EndpointName>(
  name: N,
  ...params: keyof PathParams<(typeof PATHS)[N]['path']> extends never ? [] : [PathParams<(typeof PATHS)[N]['path']>]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return PATHS[name].path.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    const v = values[key];
    if (v === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(v);
  });
}
