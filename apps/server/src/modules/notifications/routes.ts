import { endpoints as e } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { caller } from '../../plugins/auth.js';
import * as service from './service.js';

/** Notifications, mounted at /notifications: every route acts on the caller's own list. */
const at = mountedAt('/notifications');

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    at('notifications'),
    {
      config: { policy: { caller: 'signedIn', object: 'self' } },
      schema: {
        tags: ['notifications'],
        summary: 'Your latest notifications, newest first, and how many are unread',
        response: { 200: e.notifications.response, ...errors },
      },
    },
    async (req) => ok(await service.listNotifications(deps, caller(req).userId, req.locale), 'Notifications fetched'),
  );

  app.post(
    at('readNotification'),
    {
      config: { policy: { caller: 'signedIn', object: 'self' } },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of your notifications read',
        body: e.readNotification.body,
        response: { 200: e.readNotification.response, ...errors },
      },
    },
    async (req) => ok(await service.readNotification(deps, caller(req).userId, req.body.id), 'Notification read'),
  );

  app.post(
    at('readAllNotifications'),
    {
      config: { policy: { caller: 'signedIn', object: 'self' } },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all your notifications read',
        response: { 200: e.readAllNotifications.response, ...errors },
      },
    },
    async (req) => ok(await service.readAllNotifications(deps, caller(req).userId), 'Notifications read'),
  );
};
