/**
 * The users module's front door (ADR 009): what the app and other modules may use. Anything not
 * exported here is the module's own business; import it only from inside modules/users.
 */
export { usersRoutes } from './routes.js';
export { endAllSessions, findUser, recordIdentifiers, registerUser, toUser } from './service.js';
export { hashPhoneCode } from './verification.js';
