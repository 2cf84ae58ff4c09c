import { LIMITS, MSG, endpoints as e } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses, ok } from '../../lib/envelope.js';
import { caller } from '../../plugins/auth.js';
import * as contacts from './service.js';

const errors = errorResponses;

/** Get Phone Number, OwnerDetails and "who asked" (B8, B9), mounted at /contacts. */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const at = mountedAt('/contacts');

  app.post(
    at('revealOwner'),
    {
      // Answers the room owner's phone and email to the asking tenant: that is the point of the route.
      config: { policy: { caller: 'tenant', object: 'listedRoom', discloses: 'roomOwnerContact' } },
      schema: {
        tags: ['contacts'],
        summary: "Get Phone Number: the owner's name, phone and email and the room's facts; recorded for OwnerDetails",
        description: `A tenant may reveal at most ${LIMITS.revealsPerDay} new rooms in 24 hours (429 past it); asking again for a room already revealed is free.`,
        params: e.revealOwner.params,
        response: { 200: e.revealOwner.response, ...errors },
      },
    },
    async (req) => ok(await contacts.revealOwner(deps, caller(req).userId, req.params.id), MSG.ownerNumberSaved),
  );

  app.get(
    at('myReveals'),
    {
      config: { policy: { caller: 'tenant', object: 'self', discloses: 'roomOwnerContact' } },
      schema: {
        tags: ['contacts'],
        summary: 'OwnerDetails: the owners whose numbers you revealed, newest first',
        response: { 200: e.myReveals.response, ...errors },
      },
    },
    async (req) => ok(await contacts.myReveals(deps, caller(req).userId), MSG.ownerContactFetched),
  );

  app.get(
    at('whoAsked'),
    {
      config: { policy: { caller: 'owner', object: 'self' } },
      schema: {
        tags: ['contacts'],
        summary: 'Tenants who asked for your number (username and full name only), newest first',
        response: { 200: e.whoAsked.response, ...errors },
      },
    },
    async (req) => ok(await contacts.whoAsked(deps, caller(req).userId), MSG.ownerContactFetched),
  );
};

/** Recently Viewed Property (B8), mounted at /tenant. */
export const viewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const at = mountedAt('/tenant');

  app.post(
    at('recordView'),
    {
      config: { policy: { caller: 'tenant', object: 'listedProperty' } },
      schema: {
        tags: ['contacts'],
        summary: 'Record that you opened a property page (kept: your last 10 properties)',
        params: e.recordView.params,
        response: { 200: e.recordView.response, ...errors },
      },
    },
    async (req) => {
      await contacts.recordView(deps, caller(req).userId, req.params.propertyId);
      return ok({ _id: req.params.propertyId }, MSG.viewRecorded);
    },
  );

  app.get(
    at('recentViews'),
    {
      config: { policy: { caller: 'tenant', object: 'self' } },
      schema: {
        tags: ['contacts'],
        summary: 'Recently Viewed Property: your last viewed properties, newest first',
        response: { 200: e.recentViews.response, ...errors },
      },
    },
    async (req) => ok(await contacts.recentViews(deps, caller(req).userId), 'Recent views fetched'),
  );
};
