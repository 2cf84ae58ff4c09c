import { exportQuerySchema, MSG, STATISTICS_EXPORT_PATH } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import * as stats from './service.js';
import { ownerWaiting } from './waiting.js';

/** Statistics, billings and the CSV export (B6, ADR 020), mounted at /statistics. */

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  const endpoint = contractRoutes(app, '/statistics', ['statistics']);

  endpoint(
    'ownerStatistics',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: 'The owner’s last 12 months: billed vs collected, payments received, occupancy; outstanding by property and room',
      message: 'Statistics fetched',
    },
    async (req) => stats.ownerStatistics(deps, caller(req).userId),
  );

  endpoint(
    'ownerBillings',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: 'Every bill of the owner’s rooms (filters: property, room, status, month) with totals, and payments received',
      message: 'Billings fetched',
    },
    async (req) => stats.ownerBillings(deps, caller(req).userId, req.query),
  );

  endpoint(
    'ownerCollection',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: 'This month’s collection per room: billed, collected, pending, and overdue from any month (overdue rooms first)',
      message: 'Collection fetched',
    },
    async (req) => stats.ownerCollection(deps, caller(req).userId),
  );

  // What waits for the owner (ADR 042): one call for the owner home's list.
  endpoint(
    'ownerWaiting',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: 'Everything waiting for the owner: UPI payments to confirm, unread messages, overdue rooms, deposits to settle',
      message: MSG.waitingFetched,
    },
    async (req) => ownerWaiting(deps, caller(req).userId),
  );

  endpoint(
    'tenantStatistics',
    {
      policy: { caller: 'tenant', object: 'self' },
      summary: 'The tenant’s spending per month by bill type, what is due next, and totals',
      message: 'Statistics fetched',
    },
    async (req) => stats.tenantStatistics(deps, caller(req).userId),
  );

  // The CSV export is no contract endpoint (a file, not an envelope): a plain route, still with its policy.
  app.get(
    STATISTICS_EXPORT_PATH.replace(/^\/statistics/, ''),
    {
      config: { policy: { caller: 'owner', object: 'self' } },
      schema: {
        tags: ['statistics'],
        summary: 'The owner’s bills or payments (kind=bills|payments, billings filters) as a CSV attachment',
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const { kind, ...filters } = req.query;
      const out = await stats.ownerExport(deps, caller(req).userId, kind, filters);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(out.csv);
    },
  );
};
