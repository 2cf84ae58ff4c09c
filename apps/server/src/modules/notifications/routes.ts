import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import * as service from './service.js';

/** Notifications, mounted at /notifications: every route acts on the caller's own list. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const endpoint = contractRoutes(app, '/notifications', ['notifications']);

  endpoint(
    'notifications',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: 'Your latest notifications, newest first, and how many are unread',
      message: 'Notifications fetched',
    },
    async (req) => service.listNotifications(deps, caller(req).userId, req.locale),
  );

  endpoint(
    'readNotification',
    { policy: { caller: 'signedIn', object: 'self' }, summary: 'Mark one of your notifications read', message: 'Notification read' },
    async (req) => service.readNotification(deps, caller(req).userId, req.body.id),
  );

  endpoint(
    'readAllNotifications',
    { policy: { caller: 'signedIn', object: 'self' }, summary: 'Mark all your notifications read', message: 'Notifications read' },
    async (req) => service.readAllNotifications(deps, caller(req).userId),
  );
};
