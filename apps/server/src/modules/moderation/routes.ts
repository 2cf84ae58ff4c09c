import { MSG } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoutes } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import * as admin from './admin.js';
import * as reports from './reports.js';

/**
 * Reports and the moderators' API (issue 26, ADR 037), mounted at the API root: /reports for anyone signed in,
 * /admin for moderators only (the `admin` caller rule: 401 for visitors, 403 for owners and tenants).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const endpoint = contractRoutes(app, '', ['moderation']);

  endpoint(
    'createReport',
    {
      policy: { caller: 'signedIn' },
      summary: 'Report a property, a room or a user to the moderators (one open report per target; 10 an hour)',
      message: MSG.reportSent,
      // A first fence per process; the hourly limit is counted in the database (every instance shares it).
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (req) => `report:${req.auth?.userId ?? req.ip}` } },
    },
    async (req) => reports.createReport(deps, caller(req), req.body),
  );
  endpoint(
    'myReports',
    { policy: { caller: 'signedIn', object: 'self' }, summary: 'Your reports, newest first (at most 100)', message: MSG.myReportsFetched },
    async (req) => reports.myReports(deps, caller(req).userId),
  );

  endpoint(
    'adminQueue',
    {
      policy: { caller: 'admin' },
      summary: 'Moderators: open reports grouped by target, oldest first, with each target and its signals',
      message: MSG.moderationQueueFetched,
    },
    async () => admin.queue(deps),
  );
  endpoint(
    'adminTarget',
    {
      policy: { caller: 'admin', object: 'moderationTarget' },
      summary: 'Moderators: one target with all its reports (open and closed), its signals and its audit entries',
      message: MSG.moderationTargetFetched,
    },
    async (req) => admin.targetDetail(deps, req.params.targetType, req.params.targetId),
  );
  endpoint(
    'adminAction',
    {
      policy: { caller: 'admin' },
      summary: 'Moderators: dismiss, hide, suspend or restore, with a reason; the action and its audit row in one transaction',
      message: MSG.moderationDone(''),
    },
    async (req) => {
      const { auditId, endedSessions } = await admin.act(deps, caller(req).userId, req.body);
      // This instance refuses the suspended account's tokens before the notice comes round (lib/sessions.ts).
      deps.sessions.ended(endedSessions);
      return answer({ auditId }, MSG.moderationDone(req.body.action));
    },
  );
  endpoint(
    'adminAudit',
    { policy: { caller: 'admin' }, summary: 'Moderators: the audit log, newest first', message: MSG.moderationAuditFetched },
    async (req) => admin.auditLog(deps, req.query),
  );
};
