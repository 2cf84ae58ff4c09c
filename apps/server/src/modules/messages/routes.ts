import { MSG, endpoints as e } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { caller } from '../../plugins/auth.js';
import * as service from './service.js';

/** Messages (B7), mounted at /messages. */
const at = mountedAt('/messages');

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    at('myThreads'),
    {
      config: { policy: { caller: 'signedIn', object: 'self' } },
      schema: {
        tags: ['messages'],
        summary: 'Your conversations (room threads and enquiries), most recent first, with unread counts',
        response: { 200: e.myThreads.response, ...errors },
      },
    },
    async (req) => ok(await service.myThreads(deps, caller(req).userId), 'Conversations fetched'),
  );

  app.get(
    at('roomThreads'),
    {
      config: { policy: { caller: 'signedIn', object: 'listedRoom' } },
      schema: {
        tags: ['messages'],
        summary: "A room's conversations you are part of (its owner: all of them; a tenant: their own)",
        params: e.roomThreads.params,
        response: { 200: e.roomThreads.response, ...errors },
      },
    },
    async (req) => ok(await service.roomThreads(deps, caller(req), req.params.roomId), 'Conversations fetched'),
  );

  app.get(
    at('threadMessages'),
    {
      config: { policy: { caller: 'signedIn', object: 'threadParty' } },
      schema: {
        tags: ['messages'],
        summary: 'A conversation and its latest messages (or those before `before`), oldest first (its two parties only)',
        params: e.threadMessages.params,
        querystring: e.threadMessages.query,
        response: { 200: e.threadMessages.response, ...errors },
      },
    },
    async (req) => ok(await service.threadMessages(deps, caller(req).userId, req.params.id, req.query.before), 'Messages fetched'),
  );

  app.post(
    at('sendMessage'),
    {
      config: { policy: { caller: 'signedIn', object: 'threadParty' } },
      schema: {
        tags: ['messages'],
        summary: "Reply in a conversation (a former tenant's room conversation is read only: 409)",
        params: e.sendMessage.params,
        body: e.sendMessage.body,
        response: { 201: e.sendMessage.response, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(ok(await service.sendMessage(deps, caller(req).userId, req.params.id, req.body), MSG.messageSent, 201)),
  );

  app.post(
    at('readThread'),
    {
      config: { policy: { caller: 'signedIn', object: 'threadParty' } },
      schema: {
        tags: ['messages'],
        summary: 'Mark the messages sent to you in a conversation read; answers your unread total',
        params: e.readThread.params,
        response: { 200: e.readThread.response, ...errors },
      },
    },
    async (req) => ok(await service.readThread(deps, caller(req).userId, req.params.id), 'Conversation read'),
  );

  app.post(
    at('messageOwner'),
    {
      config: { policy: { caller: 'tenant', object: 'listedRoom' } },
      schema: {
        tags: ['messages'],
        summary: "Write to a room's owner: its tenant in the room's conversation, anyone else as an enquiry",
        params: e.messageOwner.params,
        body: e.messageOwner.body,
        response: { 201: e.messageOwner.response, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(ok(await service.messageOwner(deps, caller(req).userId, req.params.roomId, req.body), MSG.messageSent, 201)),
  );

  app.post(
    at('messageTenant'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['messages'],
        summary: "Write to your room's current tenant (409 when the room has none)",
        params: e.messageTenant.params,
        body: e.messageTenant.body,
        response: { 201: e.messageTenant.response, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(ok(await service.messageTenant(deps, caller(req).userId, req.params.roomId, req.body), MSG.messageSent, 201)),
  );
};
