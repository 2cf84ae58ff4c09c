import { LIMITS, MSG } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import * as contacts from './service.js';

/** Get Phone Number, OwnerDetails and "who asked" (B8, B9), mounted at /contacts. */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const endpoint = contractRoutes(app, '/contacts', ['contacts']);

  endpoint(
    'revealOwner',
    {
      // Answers the room owner's phone and email to the asking tenant: that is the point of the route.
      policy: { caller: 'tenant', object: 'listedRoom', discloses: 'roomOwnerContact' },
      summary: "Get Phone Number: the owner's name, phone and email and the room's facts; recorded for OwnerDetails",
      description: `A tenant may reveal at most ${LIMITS.revealsPerDay} new rooms in 24 hours (429 past it); asking again for a room already revealed is free.`,
      message: MSG.ownerNumberSaved,
    },
    async (req) => contacts.revealOwner(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'myReveals',
    {
      policy: { caller: 'tenant', object: 'self', discloses: 'roomOwnerContact' },
      summary: 'OwnerDetails: the owners whose numbers you revealed, newest first',
      message: MSG.ownerContactFetched,
    },
    async (req) => contacts.myReveals(deps, caller(req).userId),
  );

  endpoint(
    'whoAsked',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: 'Tenants who asked for your number (username and full name only), newest first',
      message: MSG.ownerContactFetched,
    },
    async (req) => contacts.whoAsked(deps, caller(req).userId),
  );
};

/** Recently Viewed Property (B8), mounted at /tenant. */
export const viewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const endpoint = contractRoutes(app, '/tenant', ['contacts']);

  endpoint(
    'recordView',
    {
      policy: { caller: 'tenant', object: 'listedProperty' },
      summary: 'Record that you opened a property page (kept: your last 10 properties)',
      message: MSG.viewRecorded,
    },
    async (req) => {
      await contacts.recordView(deps, caller(req).userId, req.params.propertyId);
      return { _id: req.params.propertyId };
    },
  );

  endpoint(
    'recentViews',
    {
      policy: { caller: 'tenant', object: 'self' },
      summary: 'Recently Viewed Property: your last viewed properties, newest first',
      message: 'Recent views fetched',
    },
    async (req) => contacts.recentViews(deps, caller(req).userId),
  );
};
