import { dayInWords, MSG, endpoints as e } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { caller } from '../../plugins/auth.js';
import * as tenancy from './service.js';

/** Requests (invitations) and tenancies (ADR 013). Mounted at the API root: the paths span /requests, /rooms, /tenancy and /tenant. */
const at = mountedAt('');

/** How often each instance ends the tenancies whose recorded move-out date has come (issue 19). */
const MOVE_OUT_SWEEP_MS = 5 * 60_000;

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  // Move-outs recorded ahead take effect on their date: at start and every few minutes after (the sweep is
  // safe on many instances). Requests that depend on it (My Rooms, invitations) also run it first.
  let sweep: NodeJS.Timeout | undefined;
  const settle = () =>
    tenancy.settleMoveOuts(deps).catch((err: unknown) => app.log.warn({ err }, 'move-out sweep failed; it runs again shortly'));
  app.addHook('onReady', async () => {
    void settle();
    sweep = setInterval(() => void settle(), MOVE_OUT_SWEEP_MS);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));

  app.post(
    at('sendRequest'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['requests'],
        summary: 'Invite a tenant to your vacant, listed room',
        body: e.sendRequest.body,
        response: { 201: e.sendRequest.response, ...errors },
      },
    },
    async (req, reply) => {
      const request = await tenancy.sendRequest(deps, caller(req).userId, req.body);
      return reply.status(201).send(ok(request, MSG.requestSentDone, 201));
    },
  );

  app.patch(
    at('acceptRequest'),
    {
      config: { policy: { caller: 'tenant', object: 'requestInvitee' } },
      schema: {
        tags: ['requests'],
        summary: 'Accept a pending request: the room becomes yours from today and its other requests are withdrawn',
        params: e.acceptRequest.params,
        response: { 200: e.acceptRequest.response, ...errors },
      },
    },
    async (req) => ok(await tenancy.acceptRequest(deps, caller(req).userId, req.params.id), MSG.requestAcceptedDone),
  );

  app.patch(
    at('rejectRequest'),
    {
      config: { policy: { caller: 'tenant', object: 'requestInvitee' } },
      schema: {
        tags: ['requests'],
        summary: 'Reject a pending request',
        params: e.rejectRequest.params,
        response: { 200: e.rejectRequest.response, ...errors },
      },
    },
    async (req) => ok(await tenancy.rejectRequest(deps, caller(req).userId, req.params.id), MSG.requestRejectedDone),
  );

  app.patch(
    at('withdrawRequest'),
    {
      config: { policy: { caller: 'owner', object: 'requestOwner' } },
      schema: {
        tags: ['requests'],
        summary: 'Withdraw a pending request you sent',
        params: e.withdrawRequest.params,
        response: { 200: e.withdrawRequest.response, ...errors },
      },
    },
    async (req) => ok(await tenancy.withdrawRequest(deps, caller(req).userId, req.params.id), MSG.requestWithdrawnDone),
  );

  app.get(
    at('roomRequests'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['requests'],
        summary: "Your room's requests with their status, newest first",
        params: e.roomRequests.params,
        response: { 200: e.roomRequests.response, ...errors },
      },
    },
    async (req) => ok(await tenancy.roomRequests(deps, caller(req).userId, req.params.id), 'Requests fetched'),
  );

  app.post(
    at('vacateRoom'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['tenancy'],
        summary:
          "End the room's tenancy (moveOutDate YYYY-MM-DD, default today); the room becomes vacant, on that date when it is later than today",
        params: e.vacateRoom.params,
        body: e.vacateRoom.body,
        response: { 200: e.vacateRoom.response, ...errors },
      },
    },
    async (req) => {
      const { scheduled, ...view } = await tenancy.vacateRoom(deps, caller(req).userId, req.params.id, req.body.moveOutDate);
      return ok(view, scheduled && view.leavingOn ? MSG.moveOutScheduled(dayInWords(view.leavingOn)) : MSG.roomVacated);
    },
  );

  app.get(
    at('roomTenancies'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['tenancy'],
        summary: "Your room's tenancies, newest first (moveOutDate null while current)",
        params: e.roomTenancies.params,
        response: { 200: e.roomTenancies.response, ...errors },
      },
    },
    async (req) => ok(await tenancy.roomTenancies(deps, caller(req).userId, req.params.id), 'Tenancies fetched'),
  );

  app.get(
    at('tenantRooms'),
    {
      config: { policy: { caller: 'tenant' } },
      schema: {
        tags: ['tenancy'],
        summary: 'Your current rooms, each with its property, move-in date and monthly rent',
        response: { 200: e.tenantRooms.response, ...errors },
      },
    },
    async (req) => ok(await tenancy.tenantRooms(deps, caller(req).userId, false), 'Rooms fetched'),
  );

  app.get(
    at('tenantPastRooms'),
    {
      config: { policy: { caller: 'tenant' } },
      schema: {
        tags: ['tenancy'],
        summary: 'Rooms you lived in before (ended tenancies), latest move-out first',
        response: { 200: e.tenantPastRooms.response, ...errors },
      },
    },
    async (req) => ok(await tenancy.tenantRooms(deps, caller(req).userId, true), 'Past rooms fetched'),
  );
};
