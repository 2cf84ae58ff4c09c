import { z } from 'zod';
import { LOCALES } from './locales.js';
import { envelope, pagedEnvelope } from './envelope.js';
import { MSG } from './messages.js';
import { type EndpointName, PATHS } from './paths.js';
import {
  addBillBodySchema,
  billGroupSchema,
  billIdParamSchema,
  billSchema,
  deleteBillBodySchema,
  waiveBillBodySchema,
  fetchBillParamsSchema,
  fetchBillQuerySchema,
  lastReadingSchema,
  meterPhotoUploadSchema,
  roomIdParamSchema,
  tenantBillGroupSchema,
  updateBillBodySchema,
} from './bills.js';
import {
  checkoutResultSchema,
  createOrderBodySchema,
  myPaymentsQuerySchema,
  paySummarySchema,
  refundCreditBodySchema,
  roomCreditSchema,
  paymentOrderSchema,
  paymentSchema,
  receiptSchema,
  rentReceiptQuerySchema,
  rentReceiptSchema,
  sandboxPayBodySchema,
  verifyPaymentBodySchema,
} from './payments.js';
import { payoutAccountSchema, payoutDetailsBodySchema, payoutsSchema } from './payouts.js';
import {
  paymentReportSchema,
  paymentReportsQuerySchema,
  reasonBodySchema,
  recordPaymentBodySchema,
  reportPaymentBodySchema,
} from './offline-payments.js';
import { documentIdParamSchema, documentSchema, roomDocumentsParamSchema } from './documents.js';
import {
  ownerBillingsQuerySchema,
  ownerBillingsSchema,
  ownerCollectionSchema,
  ownerWaitingSchema,
  ownerStatisticsSchema,
  tenantStatisticsSchema,
} from './statistics.js';
import {
  liveSummarySchema,
  notificationListSchema,
  readNotificationBodySchema,
  roomIdParamsSchema,
  sendMessageBodySchema,
  sentMessageSchema,
  threadIdParamSchema,
  threadListSchema,
  threadMessagesQuerySchema,
  threadMessagesSchema,
  threadSchema,
  unreadSchema,
} from './chat.js';
import {
  deletePropertyBodySchema,
  idParamSchema,
  localitiesQuerySchema,
  localitySuggestionSchema,
  pausePropertyBodySchema,
  propertyListQuerySchema,
  propertySchema,
} from './properties.js';
import { ownerContactSchema, recentViewSchema, revealRecordSchema } from './contacts.js';
import { deleteRoomBodySchema, roomSchema, roomStatusBodySchema } from './rooms.js';
import {
  autoRentBodySchema,
  editLeaseTermsBodySchema,
  lateFeeParamSchema,
  leaseRoomParamSchema,
  leaseSchema,
  proposeRenewalBodySchema,
} from './leases.js';
import {
  depositPhotoUploadSchema,
  depositRoomParamSchema,
  depositSchema,
  disputeDeductionBodySchema,
  settleDepositBodySchema,
} from './deposits.js';
import { requestSchema, sendRequestBodySchema, tenancySchema, tenantRoomSchema, vacateBodySchema } from './tenancy.js';
import { cancelEmailInviteBodySchema, emailInviteSchema, inviteByEmailBodySchema, inviteByEmailResultSchema } from './invites.js';
import {
  authResultSchema,
  changePasswordBodySchema,
  revealIdentityBodySchema,
  revealedIdentitySchema,
  checkAvailabilityBodySchema,
  checkAvailabilityResultSchema,
  checkUsernameQuerySchema,
  checkUsernameResultSchema,
  loginBodySchema,
  registerBodySchema,
  tokensSchema,
  updateAccountBodySchema,
  userSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from './users.js';
import {
  devMailSchema,
  emailPrefsBodySchema,
  emailPrefsSchema,
  forgotPasswordBodySchema,
  pushKeySchema,
  pushSubscribeBodySchema,
  pushUnsubscribeBodySchema,
  resetPasswordBodySchema,
  unsubscribeQuerySchema,
} from './mail.js';
import {
  auditEntrySchema,
  auditQuerySchema,
  createReportBodySchema,
  moderationActionBodySchema,
  moderationActionResultSchema,
  moderationTargetDetailSchema,
  moderationTargetParamsSchema,
  queueItemSchema,
  reportSchema,
} from './moderation.js';
import { confirmPhoneCodeBodySchema, phoneCodeSentSchema, verifyEmailBodySchema, verifyEmailResultSchema } from './verification.js';

/**
 * Each endpoint's method, path (paths.ts) and schemas: params, query, JSON body, success status and
 * response. The server registers its routes with them; the web client takes its types from them
 * (`import type`, so no zod reaches the browser bundle through a type). Multipart bodies are described
 * by `form` (the fields are validated by the service with the contract's field schemas).
 */
export type EndpointSpec = {
  status: 200 | 201;
  response: z.ZodTypeAny;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  form?: true;
};

const idOnly = z.object({ _id: z.string() });
const propertyIdParamSchema = z.object({ propertyId: z.string().min(1) });
/** The language a signed-in user reads Kiraya in (issue 27, ADR 039). */
const localeBodySchema = z.object({ locale: z.enum(LOCALES, { error: MSG.localeInvalid }) }).strict();

/** Browsers post nothing (the token is in the cookie); Fastify hands an absent body over as null. */
const refreshBodySchema = z.object({ refreshToken: z.string({ error: MSG.sessionExpired }).optional() }).nullish();

const SPECS = {
  register: { status: 201, body: registerBodySchema, response: envelope(userSchema) },
  login: { status: 200, body: loginBodySchema, response: envelope(authResultSchema) },
  logout: { status: 200, response: envelope(z.object({})) },
  refreshToken: { status: 200, body: refreshBodySchema, response: envelope(tokensSchema) },
  currentUser: { status: 200, response: envelope(userSchema) },
  updateAccount: { status: 200, body: updateAccountBodySchema, response: envelope(userSchema) },
  changePassword: { status: 200, body: changePasswordBodySchema, response: envelope(z.object({})) },
  revealIdentity: { status: 200, body: revealIdentityBodySchema, response: envelope(revealedIdentitySchema) },
  searchTenants: { status: 200, query: userSearchQuerySchema, response: envelope(z.array(userSearchResultSchema)) },
  checkUsername: { status: 200, query: checkUsernameQuerySchema, response: envelope(checkUsernameResultSchema) },
  checkAvailability: { status: 200, body: checkAvailabilityBodySchema, response: envelope(checkAvailabilityResultSchema) },
  forgotPassword: { status: 200, body: forgotPasswordBodySchema, response: envelope(z.object({})) },
  resetPassword: { status: 200, body: resetPasswordBodySchema, response: envelope(z.object({})) },
  emailPrefs: { status: 200, response: envelope(emailPrefsSchema) },
  updateLocale: { status: 200, body: localeBodySchema, response: envelope(localeBodySchema) },
  updateEmailPrefs: { status: 200, body: emailPrefsBodySchema, response: envelope(emailPrefsSchema) },
  unsubscribe: { status: 200, query: unsubscribeQuerySchema, response: envelope(z.object({ category: z.string() })) },
  devMailbox: { status: 200, response: envelope(z.array(devMailSchema)) },
  verifyEmail: { status: 200, body: verifyEmailBodySchema, response: envelope(verifyEmailResultSchema) },
  resendVerifyEmail: { status: 200, response: envelope(z.object({})) },
  sendPhoneCode: { status: 200, response: envelope(phoneCodeSentSchema) },
  confirmPhoneCode: { status: 200, body: confirmPhoneCodeBodySchema, response: envelope(userSchema) },
  pushKey: { status: 200, response: envelope(pushKeySchema) },
  pushSubscribe: { status: 200, body: pushSubscribeBodySchema, response: envelope(z.object({ subscribed: z.boolean() })) },
  pushUnsubscribe: { status: 200, body: pushUnsubscribeBodySchema, response: envelope(z.object({ removed: z.boolean() })) },

  publicProperties: { status: 200, query: propertyListQuerySchema, response: pagedEnvelope(propertySchema) },
  myProperties: { status: 200, response: envelope(z.array(propertySchema)) },
  addProperty: { status: 201, form: true, response: envelope(propertySchema) },
  updateProperty: { status: 200, form: true, params: idParamSchema, response: envelope(propertySchema) },
  pauseProperty: { status: 200, params: idParamSchema, body: pausePropertyBodySchema, response: envelope(propertySchema) },
  deleteProperty: { status: 200, body: deletePropertyBodySchema, response: envelope(idOnly) },
  property: { status: 200, params: idParamSchema, response: envelope(propertySchema) },
  localities: { status: 200, query: localitiesQuerySchema, response: envelope(z.array(localitySuggestionSchema)) },

  addRoom: { status: 201, form: true, response: envelope(roomSchema) },
  updateRoom: { status: 200, form: true, params: idParamSchema, response: envelope(roomSchema) },
  deleteRoom: { status: 200, body: deleteRoomBodySchema, response: envelope(idOnly) },
  roomStatus: { status: 200, params: idParamSchema, body: roomStatusBodySchema, response: envelope(roomSchema) },
  rooms: { status: 200, params: propertyIdParamSchema, response: envelope(z.array(roomSchema)) },

  revealOwner: { status: 200, params: idParamSchema, response: envelope(ownerContactSchema) },
  myReveals: { status: 200, response: envelope(z.array(ownerContactSchema)) },
  whoAsked: { status: 200, response: envelope(z.array(revealRecordSchema)) },
  recordView: { status: 200, params: propertyIdParamSchema, response: envelope(z.object({ _id: z.string() })) },
  recentViews: { status: 200, response: envelope(z.array(recentViewSchema)) },
  sendRequest: { status: 201, body: sendRequestBodySchema, response: envelope(requestSchema) },
  acceptRequest: { status: 200, params: idParamSchema, response: envelope(requestSchema) },
  rejectRequest: { status: 200, params: idParamSchema, response: envelope(requestSchema) },
  withdrawRequest: { status: 200, params: idParamSchema, response: envelope(requestSchema) },
  roomRequests: { status: 200, params: idParamSchema, response: envelope(z.array(requestSchema)) },
  vacateRoom: { status: 200, params: idParamSchema, body: vacateBodySchema, response: envelope(tenancySchema) },
  roomTenancies: { status: 200, params: idParamSchema, response: envelope(z.array(tenancySchema)) },
  tenantRooms: { status: 200, response: envelope(z.array(tenantRoomSchema)) },
  tenantPastRooms: { status: 200, response: envelope(z.array(tenantRoomSchema)) },
  inviteByEmail: { status: 201, body: inviteByEmailBodySchema, response: envelope(inviteByEmailResultSchema) },
  roomEmailInvites: { status: 200, params: leaseRoomParamSchema, response: envelope(z.array(emailInviteSchema)) },
  cancelEmailInvite: {
    status: 200,
    params: leaseRoomParamSchema,
    body: cancelEmailInviteBodySchema,
    response: envelope(emailInviteSchema),
  },
  lease: { status: 200, params: leaseRoomParamSchema, response: envelope(leaseSchema) },
  editLeaseTerms: { status: 200, params: leaseRoomParamSchema, body: editLeaseTermsBodySchema, response: envelope(leaseSchema) },
  setAutoRent: { status: 200, params: leaseRoomParamSchema, body: autoRentBodySchema, response: envelope(leaseSchema) },
  waiveLateFee: { status: 200, params: lateFeeParamSchema, response: envelope(billSchema) },
  proposeRenewal: { status: 201, params: leaseRoomParamSchema, body: proposeRenewalBodySchema, response: envelope(leaseSchema) },
  withdrawRenewal: { status: 200, params: leaseRoomParamSchema, response: envelope(leaseSchema) },
  acceptRenewal: { status: 200, params: leaseRoomParamSchema, response: envelope(leaseSchema) },
  declineRenewal: { status: 200, params: leaseRoomParamSchema, response: envelope(leaseSchema) },
  letLeaseEnd: { status: 200, params: leaseRoomParamSchema, response: envelope(leaseSchema) },
  deposit: { status: 200, params: depositRoomParamSchema, response: envelope(depositSchema.nullable()) },
  settleDeposit: { status: 201, params: depositRoomParamSchema, body: settleDepositBodySchema, response: envelope(depositSchema) },
  disputeDeduction: { status: 200, params: depositRoomParamSchema, body: disputeDeductionBodySchema, response: envelope(depositSchema) },
  uploadDepositPhoto: { status: 201, form: true, response: envelope(depositPhotoUploadSchema) },
  fetchBills: { status: 200, params: fetchBillParamsSchema, query: fetchBillQuerySchema, response: envelope(z.array(billGroupSchema)) },
  tenantBills: { status: 200, response: envelope(z.array(tenantBillGroupSchema)) },
  lastReadings: { status: 200, params: roomIdParamSchema, response: envelope(z.array(lastReadingSchema)) },
  addBill: { status: 201, body: addBillBodySchema, response: envelope(billGroupSchema) },
  updateBill: { status: 200, params: billIdParamSchema, body: updateBillBodySchema, response: envelope(billSchema) },
  deleteBill: { status: 200, body: deleteBillBodySchema, response: envelope(idOnly) },
  waiveBill: { status: 200, body: waiveBillBodySchema, response: envelope(billSchema) },
  uploadMeterPhoto: { status: 201, form: true, response: envelope(meterPhotoUploadSchema) },
  createOrder: { status: 201, body: createOrderBodySchema, response: envelope(paymentOrderSchema) },
  verifyPayment: { status: 200, body: verifyPaymentBodySchema, response: envelope(paymentSchema) },
  sandboxPay: { status: 200, body: sandboxPayBodySchema, response: envelope(checkoutResultSchema) },
  checkOrder: { status: 200, params: idParamSchema, response: envelope(paymentOrderSchema) },
  myPayments: { status: 200, query: myPaymentsQuerySchema, response: envelope(z.array(paymentSchema)) },
  paySummary: { status: 200, params: idParamSchema, response: envelope(paySummarySchema) },
  roomCredit: { status: 200, params: idParamSchema, response: envelope(roomCreditSchema) },
  refundCredit: { status: 201, body: refundCreditBodySchema, response: envelope(roomCreditSchema) },
  receipt: { status: 200, params: idParamSchema, response: envelope(receiptSchema) },
  rentReceipt: { status: 200, query: rentReceiptQuerySchema, response: envelope(rentReceiptSchema) },
  payoutAccount: { status: 200, response: envelope(payoutAccountSchema.nullable()) },
  savePayoutAccount: { status: 200, body: payoutDetailsBodySchema, response: envelope(payoutAccountSchema) },
  checkPayouts: { status: 200, response: envelope(payoutAccountSchema.nullable()) },
  payouts: { status: 200, response: envelope(payoutsSchema) },
  recordPayment: { status: 201, body: recordPaymentBodySchema, response: envelope(paymentSchema) },
  reportPayment: { status: 201, body: reportPaymentBodySchema, response: envelope(paymentReportSchema) },
  paymentReports: { status: 200, query: paymentReportsQuerySchema, response: envelope(z.array(paymentReportSchema)) },
  paymentReport: { status: 200, params: idParamSchema, response: envelope(paymentReportSchema) },
  confirmReport: { status: 200, params: idParamSchema, response: envelope(paymentReportSchema) },
  rejectReport: { status: 200, params: idParamSchema, body: reasonBodySchema, response: envelope(paymentReportSchema) },
  reversePayment: { status: 200, params: idParamSchema, body: reasonBodySchema, response: envelope(paymentSchema) },
  roomDocuments: { status: 200, params: roomDocumentsParamSchema, response: envelope(z.array(documentSchema)) },
  uploadDocument: { status: 201, form: true, params: roomDocumentsParamSchema, response: envelope(documentSchema) },
  deleteDocument: { status: 200, params: documentIdParamSchema, response: envelope(idOnly) },
  ownerStatistics: { status: 200, response: envelope(ownerStatisticsSchema) },
  ownerBillings: { status: 200, query: ownerBillingsQuerySchema, response: envelope(ownerBillingsSchema) },
  ownerCollection: { status: 200, response: envelope(ownerCollectionSchema) },
  ownerWaiting: { status: 200, response: envelope(ownerWaitingSchema) },
  tenantStatistics: { status: 200, response: envelope(tenantStatisticsSchema) },
  liveEvents: { status: 200, response: envelope(liveSummarySchema) },
  myThreads: { status: 200, response: envelope(threadListSchema) },
  roomThreads: { status: 200, params: roomIdParamsSchema, response: envelope(z.array(threadSchema)) },
  threadMessages: { status: 200, params: threadIdParamSchema, query: threadMessagesQuerySchema, response: envelope(threadMessagesSchema) },
  sendMessage: { status: 201, params: threadIdParamSchema, body: sendMessageBodySchema, response: envelope(sentMessageSchema) },
  readThread: { status: 200, params: threadIdParamSchema, response: envelope(unreadSchema) },
  messageOwner: { status: 201, params: roomIdParamsSchema, body: sendMessageBodySchema, response: envelope(sentMessageSchema) },
  messageTenant: { status: 201, params: roomIdParamsSchema, body: sendMessageBodySchema, response: envelope(sentMessageSchema) },
  notifications: { status: 200, response: envelope(notificationListSchema) },
  readNotification: { status: 200, body: readNotificationBodySchema, response: envelope(unreadSchema) },
  readAllNotifications: { status: 200, response: envelope(unreadSchema) },
  createReport: { status: 201, body: createReportBodySchema, response: envelope(reportSchema) },
  myReports: { status: 200, response: envelope(z.array(reportSchema)) },
  adminQueue: { status: 200, response: envelope(z.array(queueItemSchema)) },
  adminTarget: { status: 200, params: moderationTargetParamsSchema, response: envelope(moderationTargetDetailSchema) },
  adminAction: { status: 200, body: moderationActionBodySchema, response: envelope(moderationActionResultSchema) },
  adminAudit: { status: 200, query: auditQuerySchema, response: envelope(z.array(auditEntrySchema)) },
} as const satisfies Record<EndpointName, EndpointSpec>;

export const endpoints = Object.fromEntries(
  (Object.keys(SPECS) as EndpointName[]).map((name) => [name, { ...PATHS[name], ...SPECS[name] }]),
) as unknown as { [N in EndpointName]: (typeof PATHS)[N] & (typeof SPECS)[N] }; // through unknown: too many endpoints for TS to compare

export type Endpoints = typeof endpoints;
/** The `data` of an endpoint's success envelope. */
export type ResponseData<N extends EndpointName> = z.output<Endpoints[N]['response']>['data'];
/** The full success envelope (for lists that carry `meta`). */
export type ResponseEnvelope<N extends EndpointName> = z.output<Endpoints[N]['response']>;
/** The JSON body an endpoint takes, as a client sends it. */
export type RequestBody<N extends EndpointName> = Endpoints[N] extends { body: z.ZodTypeAny } ? z.input<Endpoints[N]['body']> : never;
