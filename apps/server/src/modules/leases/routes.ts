import { dayInWords, MSG, monthInWords } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoutes } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import { startRentCycle } from './cycle.js';
import * as renewals from './renewal.js';
import type { VacateRoom } from './renewal.js';
import * as leases from './service.js';

/**
 * Leases and the rent cycle (issue 22, ADR 028), mounted at /leases. `vacateRoom` is the tenancy module's
 * vacate flow, given by app.ts so that leases and tenancy do not import each other (ADR 047).
 */
export const leasesRoutes: FastifyPluginAsyncZod<{ vacateRoom: VacateRoom }> = async (app, { vacateRoom }) => {
  const deps = app.deps;
  // Every instance runs the cycle on its interval (RENT_CYCLE_INTERVAL_SECONDS); each bill is raised once all the
  // same. It starts once the server listens: after the demo seed (main.ts seeds before listening), which a cycle
  // run during the seed would collide with; an app only injected into (tests, commands) never starts it.
  let stop = () => {};
  app.addHook('onListen', async () => {
    stop = startRentCycle(deps, app.log);
  });
  app.addHook('onClose', async () => stop());

  const endpoint = contractRoutes(app, '/leases', ['leases']);

  endpoint(
    'lease',
    {
      policy: { caller: 'signedIn', object: 'roomOwnerOrTenant' },
      summary: "The room's current lease: the terms in force (money in paise), any change that applies later, automatic rent",
      message: MSG.leaseFetched,
    },
    async (req) => leases.leaseOf(deps, caller(req), req.params.roomId),
  );

  endpoint(
    'editLeaseTerms',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "Change the current tenancy's terms (rupees in); they apply from the next rent period not yet raised",
      message: MSG.leaseTermsSaved('next'),
    },
    async (req) => {
      const { lease, from } = await leases.editTerms(deps, caller(req).userId, req.params.roomId, req.body);
      return answer(lease, MSG.leaseTermsSaved(monthInWords(from)));
    },
  );

  endpoint(
    'setAutoRent',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "Switch the rent cycle on or off for the room's current tenancy",
      message: MSG.autoRentOn,
    },
    async (req) => {
      const lease = await leases.setAutoRent(deps, caller(req).userId, req.params.roomId, req.body.enabled);
      return answer(lease, lease.autoRent ? MSG.autoRentOn : MSG.autoRentOff);
    },
  );

  endpoint(
    'waiveLateFee',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Waive what a Late Fee bill of your room still owes (recorded on the bill, shown to both sides)',
      message: MSG.lateFeeWaived,
    },
    async (req) => leases.waiveLateFee(deps, caller(req).userId, req.params.billId),
  );

  // Lease end and renewal (issue 22 item 5)
  endpoint(
    'proposeRenewal',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Propose the next term (rupees in; defaults: the same months, the rent with the yearly increment to the rupee)',
      message: MSG.renewalProposed,
    },
    async (req) => renewals.proposeRenewal(deps, caller(req), req.params.roomId, req.body),
  );

  endpoint(
    'withdrawRenewal',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Withdraw the renewal waiting for the tenant',
      message: MSG.renewalWithdrawn,
    },
    async (req) => renewals.withdrawRenewal(deps, caller(req), req.params.roomId),
  );

  endpoint(
    'acceptRenewal',
    {
      policy: { caller: 'tenant', object: 'roomTenant' },
      summary: 'Accept the renewal your owner proposed: the new terms apply from the first month after the current term',
      message: MSG.renewalAccepted('the new date'),
    },
    async (req) => {
      const lease = await renewals.acceptRenewal(deps, caller(req), req.params.roomId);
      return answer(lease, MSG.renewalAccepted(dayInWords(lease.termEndsOn)));
    },
  );

  endpoint(
    'declineRenewal',
    {
      policy: { caller: 'tenant', object: 'roomTenant' },
      summary: 'Decline the renewal your owner proposed',
      message: MSG.renewalDeclined,
    },
    async (req) => renewals.declineRenewal(deps, caller(req), req.params.roomId),
  );

  endpoint(
    'letLeaseEnd',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "Let the lease end: the move-out is scheduled on the term's last day (no earlier than the notice period allows)",
      message: MSG.leaseEndScheduled('the end of the term'),
    },
    async (req) => {
      const { lease, on } = await renewals.letLeaseEnd(deps, caller(req), req.params.roomId, vacateRoom);
      return answer(lease, MSG.leaseEndScheduled(dayInWords(on)));
    },
  );
};
