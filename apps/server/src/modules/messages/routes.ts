import { MSG } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import * as service from './service.js';

/** Messages (B7), mounted at /messages. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  const endpoint = contractRoutes(app, '/messages', ['messages']);

  endpoint(
    'myThreads',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: 'Your conversations (room threads and enquiries), most recent first, with unread counts',
      message: 'Conversations fetched',
    },
    async (req) => service.myThreads(deps, caller(req).userId),
  );

  endpoint(
    'roomThreads',
    {
      policy: { caller: 'signedIn', object: 'listedRoom' },
      summary: "A room's conversations you are part of (its owner: all of them; a tenant: their own)",
      message: 'Conversations fetched',
    },
    async (req) => service.roomThreads(deps, caller(req), req.params.roomId),
  );

  endpoint(
    'threadMessages',
    {
      policy: { caller: 'signedIn', object: 'threadParty' },
      summary: 'A conversation and its latest messages (or those before `before`), oldest first (its two parties only)',
      message: 'Messages fetched',
    },
    async (req) => service.threadMessages(deps, caller(req).userId, req.params.id, req.query.before),
  );

  endpoint(
    'sendMessage',
    {
      policy: { caller: 'signedIn', object: 'threadParty' },
      summary: "Reply in a conversation (a former tenant's room conversation is read only: 409)",
      message: MSG.messageSent,
    },
    async (req) => service.sendMessage(deps, caller(req).userId, req.params.id, req.body),
  );

  endpoint(
    'readThread',
    {
      policy: { caller: 'signedIn', object: 'threadParty' },
      summary: 'Mark the messages sent to you in a conversation read; answers your unread total',
      message: 'Conversation read',
    },
    async (req) => service.readThread(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'messageOwner',
    {
      policy: { caller: 'tenant', object: 'listedRoom' },
      summary: "Write to a room's owner: its tenant in the room's conversation, anyone else as an enquiry",
      message: MSG.messageSent,
    },
    async (req) => service.messageOwner(deps, caller(req).userId, req.params.roomId, req.body),
  );

  endpoint(
    'messageTenant',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "Write to your room's current tenant (409 when the room has none)",
      message: MSG.messageSent,
    },
    async (req) => service.messageTenant(deps, caller(req).userId, req.params.roomId, req.body),
  );
};
