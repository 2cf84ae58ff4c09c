import { MSG, endpoints as e, METER_PHOTO_PATH } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { readUpload } from '../../lib/multipart.js';
import { UPLOAD_KINDS } from '../../lib/uploads.js';
import { caller } from '../../plugins/auth.js';
import { startMeterPhotoSweep } from './photos.js';
import * as bills from './service.js';

/** Bills (ADR 016), mounted at /bills. */
const at = mountedAt('/bills');

export const billsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Meter photos uploaded but never attached to a bill go a day later (issue 20); one instance sweeps at a time.
  const stop = startMeterPhotoSweep(deps, app.log);
  app.addHook('onClose', async () => stop());

  app.get(
    at('fetchBills'),
    {
      config: { policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' } },
      schema: {
        tags: ['bills'],
        summary: "A room's bill groups, newest bill date first (its owner: all; its tenant, current or former: their own)",
        params: e.fetchBills.params,
        querystring: e.fetchBills.query,
        response: { 200: e.fetchBills.response, ...errors },
      },
    },
    async (req) => ok(await bills.fetchBills(deps, caller(req), req.params.propertyId, req.query.roomId), 'Bills fetched'),
  );

  app.get(
    at('tenantBills'),
    {
      config: { policy: { caller: 'tenant' } },
      schema: {
        tags: ['bills'],
        summary: 'Your bills across your rooms (current and past), newest bill date first',
        response: { 200: e.tenantBills.response, ...errors },
      },
    },
    async (req) => ok(await bills.tenantBills(deps, caller(req).userId), 'Bills fetched'),
  );

  app.get(
    at('lastReadings'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['bills'],
        summary: "The room's last current reading and rate per meter type, to prefill the next bill (B11)",
        params: e.lastReadings.params,
        response: { 200: e.lastReadings.response, ...errors },
      },
    },
    async (req) => ok(await bills.lastReadings(deps, caller(req).userId, req.params.roomId), 'Readings fetched'),
  );

  app.post(
    at('addBill'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['bills'],
        summary: "Bill the room's current tenant: one group (bill date, due date default +10 days) of 1-20 bills",
        body: e.addBill.body,
        response: { 201: e.addBill.response, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(ok(await bills.addBill(deps, caller(req).userId, req.body), MSG.billsUploaded, 201)),
  );

  app.put(
    at('updateBill'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['bills'],
        summary: 'Edit an unpaid bill (B5): same rules as add',
        params: e.updateBill.params,
        body: e.updateBill.body,
        response: { 200: e.updateBill.response, ...errors },
      },
    },
    async (req) => ok(await bills.updateBill(deps, caller(req).userId, req.params.billId, req.body), MSG.billUpdated),
  );

  app.post(
    at('waiveBill'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['bills'],
        summary: 'Waive what a partly paid bill of your room still owes (recorded, shown to both sides)',
        body: e.waiveBill.body,
        response: { 200: e.waiveBill.response, ...errors },
      },
    },
    async (req) => ok(await bills.waiveBill(deps, caller(req).userId, req.body.billId), MSG.billWaived),
  );

  app.post(
    at('deleteBill'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['bills'],
        summary: 'Delete an unpaid bill (B5); a paid or partly paid one is 409',
        body: e.deleteBill.body,
        response: { 200: e.deleteBill.response, ...errors },
      },
    },
    async (req) => ok(await bills.deleteBill(deps, caller(req).userId, req.body.billId), MSG.billDeleted),
  );

  app.post(
    at('uploadMeterPhoto'),
    {
      config: { policy: { caller: 'owner' } },
      schema: {
        tags: ['bills'],
        summary: 'Upload a meter photo (multipart field meterPhoto): re-encoded, metadata stripped, private',
        consumes: ['multipart/form-data'],
        response: { 201: e.uploadMeterPhoto.response, ...errors },
      },
    },
    async (req, reply) => {
      const { files } = await readUpload(req, z.object({}).passthrough(), { meterPhoto: UPLOAD_KINDS.image });
      const photo = await bills.uploadMeterPhoto(deps, caller(req).userId, files.meterPhoto[0]);
      return reply.status(201).send(ok(photo, 'Meter photo uploaded', 201));
    },
  );

  app.get(
    METER_PHOTO_PATH.replace(/^\/bills/, ''),
    {
      config: { policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' } },
      schema: {
        tags: ['bills'],
        summary: "A meter photo's bytes, for the room's owner and the tenant (current or former) of a bill that shows it",
        params: z.object({ fileId: z.string() }),
      },
    },
    async (req, reply) => {
      const photo = await bills.meterPhoto(deps, caller(req), req.params.fileId);
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, no-store').send(photo.data);
    },
  );
};
