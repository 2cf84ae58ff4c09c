import { MSG, monthInWords, endpoints as e } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { caller } from '../../plugins/auth.js';
import { startRentCycle } from './cycle.js';
import * as leases from './service.js';

/** Leases and the rent cycle (issue 22, ADR 028), mounted at /leases. */
const at = mountedAt('/leases');

export const leasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Every instance runs the cycle on its interval (RENT_CYCLE_INTERVAL_SECONDS); each bill is raised once all the
  // same. It starts once the server listens: after the demo seed (main.ts seeds before listening), which a cycle
  // run during the seed would collide with; an app only injected into (tests, commands) never starts it.
  let stop = () => {};
  app.addHook('onListen', async () => {
    stop = startRentCycle(deps, app.log);
  });
  app.addHook('onClose', async () => stop());

  app.get(
    at('lease'),
    {
      config: { policy: { caller: 'signedIn', object: 'roomOwnerOrTenant' } },
      schema: {
        tags: ['leases'],
        summary: "The room's current lease: the terms in force (money in paise), any change that applies later, automatic rent",
        params: e.lease.params,
        response: { 200: e.lease.response, ...errors },
      },
    },
    async (req) => ok(await leases.leaseOf(deps, caller(req), req.params.roomId), MSG.leaseFetched),
  );

  app.put(
    at('editLeaseTerms'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['leases'],
        summary: "Change the current tenancy's terms (rupees in); they apply from the next rent period not yet raised",
        params: e.editLeaseTerms.params,
        body: e.editLeaseTerms.body,
        response: { 200: e.editLeaseTerms.response, ...errors },
      },
    },
    async (req) => {
      const { lease, from } = await leases.editTerms(deps, caller(req).userId, req.params.roomId, req.body);
      return ok(lease, MSG.leaseTermsSaved(monthInWords(from)));
    },
  );

  app.put(
    at('setAutoRent'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['leases'],
        summary: "Switch the rent cycle on or off for the room's current tenancy",
        params: e.setAutoRent.params,
        body: e.setAutoRent.body,
        response: { 200: e.setAutoRent.response, ...errors },
      },
    },
    async (req) => {
      const lease = await leases.setAutoRent(deps, caller(req).userId, req.params.roomId, req.body.enabled);
      return ok(lease, lease.autoRent ? MSG.autoRentOn : MSG.autoRentOff);
    },
  );

  app.post(
    at('waiveLateFee'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['leases'],
        summary: 'Waive what a Late Fee bill of your room still owes (recorded on the bill, shown to both sides)',
        params: e.waiveLateFee.params,
        response: { 200: e.waiveLateFee.response, ...errors },
      },
    },
    async (req) => ok(await leases.waiveLateFee(deps, caller(req).userId, req.params.billId), MSG.lateFeeWaived),
  );
};
