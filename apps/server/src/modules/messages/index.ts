/**
 * The messages module's front door (ADR 009, B7). The live module reads unread totals from here; the
 * seed writes demo conversations through these services.
 */
export { messagesRoutes } from './routes.js';
export { messageOwner, messageTenant, myThreads, postTenancyMessage, sendMessage, unreadMessages } from './service.js';
