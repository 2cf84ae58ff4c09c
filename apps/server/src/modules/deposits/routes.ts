import { DEPOSIT_PHOTO_PATH, MSG } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { readUpload } from '../../lib/multipart.js';
import { UPLOAD_KINDS } from '../../lib/uploads.js';
import { caller } from '../../plugins/auth.js';
import * as deposits from './service.js';

/** Security deposits (issue 22 item 4, ADR 029), mounted at /deposits. */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const endpoint = contractRoutes(app, '/deposits', ['deposits']);

  endpoint(
    'deposit',
    {
      policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' },
      summary: "The deposit of the room's tenancy (owner: the latest; tenant: their own): asked, held, its settlement (paise)",
      message: MSG.depositFetched,
    },
    async (req) => deposits.depositOf(deps, caller(req), req.params.roomId),
  );

  endpoint(
    'settleDeposit',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Settle the deposit once after a move-out: deductions (rupees in) and the refund; held = deductions + refund',
      message: MSG.depositSettled,
    },
    async (req) => deposits.settleDeposit(deps, caller(req).userId, req.params.roomId, req.body),
  );

  endpoint(
    'disputeDeduction',
    {
      policy: { caller: 'tenant', object: 'roomOwnerOrTenantOrFormer' },
      summary: "Dispute one deduction of your deposit's settlement: a message in the room's conversation, the deduction marked",
      message: MSG.depositDisputed,
    },
    async (req) => deposits.disputeDeduction(deps, caller(req).userId, req.params.roomId, req.body),
  );

  endpoint(
    'uploadDepositPhoto',
    {
      policy: { caller: 'owner' },
      summary: 'Upload a deduction photo (multipart field photo): re-encoded, metadata stripped, private',
      message: 'Photo uploaded',
    },
    async (req) => {
      const { files } = await readUpload(req, z.object({}).passthrough(), { photo: UPLOAD_KINDS.image });
      return deposits.uploadDepositPhoto(deps, caller(req).userId, files.photo[0]);
    },
  );

  app.get(
    DEPOSIT_PHOTO_PATH.replace(/^\/deposits/, ''),
    {
      config: { policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' } },
      schema: {
        tags: ['deposits'],
        summary: "A deduction photo's bytes, for the room's owner and the tenant of the settled tenancy",
        params: z.object({ fileId: z.string() }),
      },
    },
    async (req, reply) => {
      const photo = await deposits.depositPhoto(deps, caller(req), req.params.fileId);
      return reply.header('content-type', photo.contentType).header('cache-control', 'private, no-store').send(photo.data);
    },
  );
};
