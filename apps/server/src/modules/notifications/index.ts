/**
 * The notifications module's front door (ADR 009, ADR 017). Other modules call `notify(tx, …)` inside
 * the transaction of the event they tell of; it is delivered live when that transaction commits.
 */
export { notificationsRoutes } from './routes.js';
export { type NotifyInput, notify, unreadNotifications } from './service.js';
