import { endpoints as e, exportQuerySchema, MSG, STATISTICS_EXPORT_PATH } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { caller } from '../../plugins/auth.js';
import { contractRoutes } from '../../lib/endpoint.js';
import * as stats from './service.js';
import { ownerWaiting } from './waiting.js';

/** Statistics, billings and the CSV export (B6, ADR 020), mounted at /statistics. */
const at = mountedAt('/statistics');

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    at('ownerStatistics'),
    {
      config: { policy: { caller: 'owner', object: 'self' } },
      schema: {
        tags: ['statistics'],
        summary: 'The owner’s last 12 months: billed vs collected, payments received, occupancy; outstanding by property and room',
        response: { 200: e.ownerStatistics.response, ...errors },
      },
    },
    async (req) => ok(await stats.ownerStatistics(deps, caller(req).userId), 'Statistics fetched'),
  );

  app.get(
    at('ownerBillings'),
    {
      config: { policy: { caller: 'owner', object: 'self' } },
      schema: {
        tags: ['statistics'],
        summary: 'Every bill of the owner’s rooms (filters: property, room, status, month) with totals, and payments received',
        querystring: e.ownerBillings.query,
        response: { 200: e.ownerBillings.response, ...errors },
      },
    },
    async (req) => ok(await stats.ownerBillings(deps, caller(req).userId, req.query), 'Billings fetched'),
  );

  app.get(
    at('ownerCollection'),
    {
      config: { policy: { caller: 'owner', object: 'self' } },
      schema: {
        tags: ['statistics'],
        summary: 'This month’s collection per room: billed, collected, pending, and overdue from any month (overdue rooms first)',
        response: { 200: e.ownerCollection.response, ...errors },
      },
    },
    async (req) => ok(await stats.ownerCollection(deps, caller(req).userId), 'Collection fetched'),
  );

  // What waits for the owner (ADR 042): one call for the owner home's list.
  contractRoutes(app, '/statistics', ['statistics'])(
    'ownerWaiting',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: 'Everything waiting for the owner: UPI payments to confirm, unread messages, overdue rooms, deposits to settle',
      message: MSG.waitingFetched,
    },
    async (req) => ownerWaiting(deps, caller(req).userId),
  );

  app.get(
    at('tenantStatistics'),
    {
      config: { policy: { caller: 'tenant', object: 'self' } },
      schema: {
        tags: ['statistics'],
        summary: 'The tenant’s spending per month by bill type, what is due next, and totals',
        response: { 200: e.tenantStatistics.response, ...errors },
      },
    },
    async (req) => ok(await stats.tenantStatistics(deps, caller(req).userId), 'Statistics fetched'),
  );

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
