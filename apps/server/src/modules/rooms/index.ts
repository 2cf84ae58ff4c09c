/**
 * The rooms module's front door (ADR 009): what the app and other modules may use. Anything not
 * exported here is the module's own business; import it only from inside modules/rooms.
 */
export { roomsRoutes } from './routes.js';
export { createRoom } from './service.js';
