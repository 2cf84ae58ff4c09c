import { z } from 'zod';
import { MSG } from './messages.js';
import { textField } from './fields.js';

/**
 * Messages (B7), notifications and live events (ADR 017).
 *
 * A thread joins one room's owner and one tenant: `room` is the room's own thread with a tenant of it
 * (its former tenant keeps read access, nothing new), `enquiry` is the thread a signed-in tenant opens from
 * Send Message on a room card. A message may be marked as a maintenance request.
 */

export const MESSAGE_MAX = 2000;
/** Messages one person may send per minute (429 beyond). */
export const MESSAGES_PER_MINUTE = 30;
/** Notifications a list answers, newest first. */
export const NOTIFICATIONS_LIST_MAX = 50;
/** Messages a thread answers at once, oldest first: the latest this many, or this many before `before`. */
export const THREAD_MESSAGES_MAX = 100;

export const THREAD_KINDS = ['room', 'enquiry'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** The text of a message: trimmed, 1-2000 characters, newlines allowed, no other control characters. */
export const messageTextField = textField({ label: 'Message', max: MESSAGE_MAX, multiline: true, required: MSG.messageRequired });

export const sendMessageBodySchema = z.object({
  text: messageTextField,
  /** Marks the message as a maintenance request (the tenant's Maintenance Request tile). */
  maintenance: z.boolean({ error: MSG.maintenanceFlag }).optional().default(false),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const threadIdParamSchema = z.object({ id: z.string().min(1) });
export const roomIdParamsSchema = z.object({ roomId: z.string().min(1) });
/** GET /messages/thread/{id}?before={messageId}: the page of messages just before that one (Show earlier messages). */
export const threadMessagesQuerySchema = z.object({
  before: z
    .string({ error: MSG.earlierMessagesNotFound })
    .trim()
    .min(1, MSG.earlierMessagesNotFound)
    .max(100, MSG.earlierMessagesNotFound)
    .optional(),
});
export type ThreadMessagesQuery = z.infer<typeof threadMessagesQuerySchema>;

const party = z.object({ _id: z.string(), username: z.string(), fullName: z.string() });

export const messageSchema = z.object({
  _id: z.string(),
  threadId: z.string(),
  senderId: z.string(),
  /** True when the caller wrote it. */
  mine: z.boolean(),
  text: z.string(),
  maintenance: z.boolean(),
  /**
   * An owner asked someone who never rented from them for money by UPI or a payment link (issue 26 item 5,
   * `asksForMoney`): the web shows SAFETY_ADVICE with it.
   */
  warning: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadSchema = z.object({
  _id: z.string(),
  kind: z.enum(THREAD_KINDS),
  room: z.object({ _id: z.string(), roomNumber: z.string(), propertyId: z.string(), propertyTitle: z.string() }),
  owner: party,
  tenant: party,
  /** The other person of the thread, as the caller sees it. */
  with: party,
  /** False for a former tenant's room thread: read only. */
  canSend: z.boolean(),
  unread: z.number().int(),
  lastMessage: messageSchema.nullable(),
  lastMessageAt: z.string().nullable(),
});
export type Thread = z.infer<typeof threadSchema>;

export const threadListSchema = z.object({ threads: z.array(threadSchema), unread: z.number().int() });
export const threadMessagesSchema = z.object({
  thread: threadSchema,
  messages: z.array(messageSchema),
  /** Older messages exist before the first one answered. */
  hasEarlier: z.boolean(),
});
export const sentMessageSchema = z.object({ thread: threadSchema, message: messageSchema });
export const unreadSchema = z.object({ unread: z.number().int() });

/** Notifications: what a user must not miss. */
export const NOTIFICATION_KINDS = [
  'requestReceived',
  'requestAccepted',
  'requestRejected',
  'billsUploaded',
  'billWaived',
  'creditRefunded',
  'paymentReceived',
  'paymentRecorded',
  'paymentReported',
  'paymentReportDecided',
  'paymentReversed',
  'leaseChanged',
  'leaseEnding',
  'leaseRenewal',
  'payoutAccount',
  'message',
  // Moderation (issue 26): the reporter hears the outcome; the owner hears why a listing was hidden, and when it is back.
  'reportResolved',
  'listingHidden',
  'listingRestored',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of the web app to open. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
export const readNotificationBodySchema = z.object({
  id: z.string({ error: MSG.notificationNotFound }).trim().min(1, MSG.notificationNotFound).max(100, MSG.notificationNotFound),
});

/**
 * Live events (ADR 017): small signals telling an open page what to refetch. `kind` says which data
 * changed; ids say where. Nothing private travels in an event.
 */
export const LIVE_EVENT_KINDS = ['message', 'read', 'notification', 'bills', 'requests', 'tenancy', 'payments'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];
export const liveEventSchema = z.object({
  kind: z.enum(LIVE_EVENT_KINDS),
  threadId: z.string().optional(),
  roomId: z.string().optional(),
  id: z.string().optional(),
  /** A new message carrying the safety warning (issue 26 item 5). */
  warning: z.boolean().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
/** GET /events without `Accept: text/event-stream`: the counts a polling client needs. */
export const liveSummarySchema = z.object({ messages: z.number().int(), notifications: z.number().int() });
/** The SSE event name every live event is sent under. */
export const LIVE_SSE_EVENT = 'live';

/**
 * The web app paths notifications open (the web's lib/paths.ts builds the same; kept here so the server
 * can write them into notifications).
 */
export const APP_LINKS = {
  ownerRooms: (propertyId: string) => `/OwnerDashboard/rooms/${encodeURIComponent(propertyId)}`,
  ownerMessages: (threadId?: string) => `/OwnerDashboard/Messages${threadId ? `?thread=${encodeURIComponent(threadId)}` : ''}`,
  tenantMessages: (threadId?: string) => `/TenantDashboard/Messages${threadId ? `?thread=${encodeURIComponent(threadId)}` : ''}`,
  tenantRequests: '/TenantDashboard/Requests',
  tenantBillings: '/TenantDashboard/Billings',
  tenantRoom: (roomId: string) => `/TenantDashboard/MyRooms/${encodeURIComponent(roomId)}`,
  ownerReceipt: (paymentId: string) => `/OwnerDashboard/Receipts/${encodeURIComponent(paymentId)}`,
  tenantReceipt: (paymentId: string) => `/TenantDashboard/Receipts/${encodeURIComponent(paymentId)}`,
  /** Where an owner sees a room's pending payment reports (its Billing Details). */
  ownerPaymentReports: '/OwnerDashboard/Billings',
  /** One payment report, with Confirm and Reject: where the owner's notification and home open it. */
  ownerPaymentReport: (reportId: string) => `/OwnerDashboard/PaymentReports/${encodeURIComponent(reportId)}`,
  /** A listing's public page (a report's outcome about it). */
  property: (propertyId: string) => `/properties/${encodeURIComponent(propertyId)}`,
  /** A signed-in person's dashboard home (a report's outcome about an account). */
  dashboard: (role: string) => (role === 'owner' ? '/OwnerDashboard' : role === 'admin' ? '/AdminDashboard' : '/TenantDashboard'),
} as const;
