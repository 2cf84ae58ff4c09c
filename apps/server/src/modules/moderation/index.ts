/**
 * The moderation module's front door (issue 26, ADR 037): reports, the moderators' API, their accounts and the
 * operator command, and the photo hash backfill run at start.
 */
export { moderationRoutes } from './routes.js';
export { ADMIN_NAME, backfillPhotoHashes, type CommandResult, createAdmin, removeAdmin } from './accounts.js';
export {
  ADMIN_USAGE,
  ADMIN_VERB,
  type AdminCommand,
  adminOnRequest,
  encodeAdminCommand,
  parseAdminArgs,
  runAdminCommand,
} from './command.js';
export { signalsOf } from './signals.js';
export { createReport } from './reports.js';
