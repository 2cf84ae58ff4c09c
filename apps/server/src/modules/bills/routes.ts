import { MSG, METER_PHOTO_PATH } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { readUpload } from '../../lib/multipart.js';
import { UPLOAD_KINDS } from '../../lib/uploads.js';
import { caller } from '../../plugins/auth.js';
import { startMeterPhotoSweep } from './photos.js';
import * as bills from './service.js';

export const billsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Meter photos uploaded but never attached to a bill go a day later (issue 20); one instance sweeps at a time.
  // The sweep starts once the server listens: an app only injected into (tests, operator commands) never starts it.
  let stop = () => {};
  app.addHook('onListen', async () => {
    stop = startMeterPhotoSweep(deps, app.log);
  });
  app.addHook('onClose', async () => stop());

  // Bills (ADR 016), mounted at /bills.
  const endpoint = contractRoutes(app, '/bills', ['bills']);

  endpoint(
    'fetchBills',
    {
      policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' },
      summary: "A room's bill groups, newest bill date first (its owner: all; its tenant, current or former: their own)",
      message: 'Bills fetched',
    },
    async (req) => bills.fetchBills(deps, caller(req), req.params.propertyId, req.query.roomId),
  );

  endpoint(
    'tenantBills',
    {
      policy: { caller: 'tenant' },
      summary: 'Your bills across your rooms (current and past), newest bill date first',
      message: 'Bills fetched',
    },
    async (req) => bills.tenantBills(deps, caller(req).userId),
  );

  endpoint(
    'lastReadings',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "The room's last current reading and rate per meter type, to prefill the next bill (B11)",
      message: 'Readings fetched',
    },
    async (req) => bills.lastReadings(deps, caller(req).userId, req.params.roomId),
  );

  endpoint(
    'addBill',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "Bill the room's current tenant: one group (bill date, due date default +10 days) of 1-20 bills",
      message: MSG.billsUploaded,
    },
    async (req) => bills.addBill(deps, caller(req).userId, req.body),
  );

  endpoint(
    'updateBill',
    { policy: { caller: 'owner', object: 'roomOwner' }, summary: 'Edit an unpaid bill (B5): same rules as add', message: MSG.billUpdated },
    async (req) => bills.updateBill(deps, caller(req).userId, req.params.billId, req.body),
  );

  endpoint(
    'waiveBill',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Waive what a partly paid bill of your room still owes (recorded, shown to both sides)',
      message: MSG.billWaived,
    },
    async (req) => bills.waiveBill(deps, caller(req).userId, req.body.billId),
  );

  endpoint(
    'deleteBill',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Delete an unpaid bill (B5); a paid or partly paid one is 409',
      message: MSG.billDeleted,
    },
    async (req) => bills.deleteBill(deps, caller(req).userId, req.body.billId),
  );

  endpoint(
    'uploadMeterPhoto',
    {
      policy: { caller: 'owner' },
      summary: 'Upload a meter photo (multipart field meterPhoto): re-encoded, metadata stripped, private',
      message: 'Meter photo uploaded',
    },
    async (req) => {
      const { files } = await readUpload(req, z.object({}).passthrough(), { meterPhoto: UPLOAD_KINDS.image });
      return bills.uploadMeterPhoto(deps, caller(req).userId, files.meterPhoto[0]);
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
