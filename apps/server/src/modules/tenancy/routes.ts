import { dayInWords, EMAIL_INVITE_DAYS, EMAIL_INVITES_PER_DAY, MSG } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoutes } from '../../lib/endpoint.js';
import { startSweep } from '../../lib/sweep.js';
import { caller } from '../../plugins/auth.js';
import * as invites from './invites.js';
import * as tenancy from './service.js';

/** How often each instance ends the tenancies whose recorded move-out date has come (issue 19). */
const MOVE_OUT_SWEEP_MS = 5 * 60_000;

export const tenancyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  // Move-outs recorded ahead take effect on their date: once the server listens and every few minutes after (the
  // sweep is safe on many instances). Requests that depend on it (My Rooms, invitations) also run it first, so an
  // app only injected into (tests, operator commands, the demo's prepare process) needs no sweep and starts none.
  let stop = () => {};
  const warn = (err: unknown) => app.log.warn({ err }, 'move-out sweep failed; it runs again shortly');
  app.addHook('onListen', async () => {
    void tenancy.settleMoveOuts(deps).catch(warn);
    stop = startSweep(MOVE_OUT_SWEEP_MS, () => tenancy.settleMoveOuts(deps), warn);
  });
  app.addHook('onClose', async () => stop());

  // Requests (invitations) and tenancies (ADR 013). Mounted at the API root: the paths span /requests, /rooms, /tenancy and /tenant.
  const endpoint = contractRoutes(app, '', ['requests']);

  endpoint(
    'sendRequest',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Invite a tenant to your vacant, listed room',
      message: MSG.requestSentDone,
    },
    async (req) => tenancy.sendRequest(deps, caller(req).userId, req.body),
  );

  endpoint(
    'acceptRequest',
    {
      policy: { caller: 'tenant', object: 'requestInvitee' },
      summary: 'Accept a pending request: the room becomes yours from today and its other requests are withdrawn',
      message: MSG.requestAcceptedDone,
    },
    async (req) => tenancy.acceptRequest(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'rejectRequest',
    { policy: { caller: 'tenant', object: 'requestInvitee' }, summary: 'Reject a pending request', message: MSG.requestRejectedDone },
    async (req) => tenancy.rejectRequest(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'withdrawRequest',
    {
      policy: { caller: 'owner', object: 'requestOwner' },
      summary: 'Withdraw a pending request you sent',
      message: MSG.requestWithdrawnDone,
    },
    async (req) => tenancy.withdrawRequest(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'roomRequests',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "Your room's requests with their status, newest first",
      message: 'Requests fetched',
    },
    async (req) => tenancy.roomRequests(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'vacateRoom',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      tags: ['tenancy'],
      summary:
        "End the room's tenancy (moveOutDate YYYY-MM-DD, default today); the room becomes vacant, on that date when it is later than today",
      message: MSG.roomVacated,
    },
    async (req) => {
      const { scheduled, ...view } = await tenancy.vacateRoom(
        deps,
        caller(req).userId,
        req.params.id,
        req.body.moveOutDate,
        req.body.reason,
      );
      return scheduled && view.leavingOn ? answer(view, MSG.moveOutScheduled(dayInWords(view.leavingOn))) : view;
    },
  );

  endpoint(
    'roomTenancies',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      tags: ['tenancy'],
      summary: "Your room's tenancies, newest first (moveOutDate null while current)",
      message: 'Tenancies fetched',
    },
    async (req) => tenancy.roomTenancies(deps, caller(req).userId, req.params.id),
  );

  // Inviting someone not on Kiraya by email (issue 25 item 7, ADR 036).
  endpoint(
    'inviteByEmail',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      tags: ['tenancy'],
      summary: `Invite an email address to your vacant room: an email with a sign-up link (valid ${EMAIL_INVITE_DAYS} days); a tenant's account gets the ordinary request`,
      description: `At most ${EMAIL_INVITES_PER_DAY} email invitations in 24 hours (429 past it). Signing up as a tenant with the address turns the invitation into a request.`,
      message: MSG.requestSentDone,
    },
    async (req) => {
      const result = await invites.inviteByEmail(deps, caller(req).userId, req.body);
      return answer(result, result.via === 'account' ? MSG.emailInviteToAccount : MSG.emailInviteSent(req.body.email));
    },
  );

  endpoint(
    'roomEmailInvites',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      tags: ['tenancy'],
      summary: "Your room's pending invitations by email (lapsed ones marked expired), newest first",
      message: MSG.emailInvitesFetched,
    },
    async (req) => invites.roomEmailInvites(deps, caller(req).userId, req.params.roomId),
  );

  endpoint(
    'cancelEmailInvite',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      tags: ['tenancy'],
      summary: 'Cancel a pending invitation by email of your room',
      message: MSG.emailInviteCancelled,
    },
    async (req) => invites.cancelEmailInvite(deps, caller(req).userId, req.params.roomId, req.body.inviteId),
  );

  endpoint(
    'tenantRooms',
    {
      policy: { caller: 'tenant' },
      tags: ['tenancy'],
      summary: 'Your current rooms, each with its property, move-in date and monthly rent',
      message: 'Rooms fetched',
    },
    async (req) => tenancy.tenantRooms(deps, caller(req).userId, false),
  );

  endpoint(
    'tenantPastRooms',
    {
      policy: { caller: 'tenant' },
      tags: ['tenancy'],
      summary: 'Rooms you lived in before (ended tenancies), latest move-out first',
      message: 'Past rooms fetched',
    },
    async (req) => tenancy.tenantRooms(deps, caller(req).userId, true),
  );
};
