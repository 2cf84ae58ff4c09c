import { DOCUMENT_FIELD, DOCUMENT_FILE_PATH, LIMITS, MSG } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { readUpload } from '../../lib/multipart.js';
import { UPLOAD_KINDS } from '../../lib/uploads.js';
import { caller } from '../../plugins/auth.js';
import * as documents from './service.js';

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266): the name as stored, never a header injection. */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A PDF is shown by the browser's viewer in a sandbox: no scripts, no forms, no same-origin access. */
const PDF_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: blob:; frame-ancestors 'self'";
const IMAGE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  // Documents (B7, ADR 020), mounted at /documents.
  const endpoint = contractRoutes(app, '/documents', ['documents']);

  endpoint(
    'roomDocuments',
    {
      policy: { caller: 'signedIn', object: 'roomMember' },
      summary: "A room's documents, newest first (its owner: all; its current tenant: their tenancy's)",
      message: 'Documents fetched',
    },
    async (req) => documents.listDocuments(deps, caller(req), req.params.roomId),
  );

  endpoint(
    'uploadDocument',
    {
      policy: { caller: 'signedIn', object: 'roomMember' },
      summary: 'Upload a document (multipart field `document`: PDF, JPG or PNG by content, up to 10 MB)',
      message: MSG.documentUploaded,
    },
    async (req) =>
      documents.uploadDocument(deps, caller(req), req.params.roomId, async () => {
        const { named } = await readUpload(
          req,
          z.object({}).passthrough(),
          { [DOCUMENT_FIELD]: UPLOAD_KINDS.document },
          {
            fileSize: LIMITS.documentMaxBytes,
            files: 1,
            tooLarge: MSG.documentSize,
            tooMany: 'Upload one document at a time.',
            path: DOCUMENT_FIELD,
          },
        );
        return named[DOCUMENT_FIELD][0];
      }),
  );

  endpoint(
    'deleteDocument',
    {
      policy: { caller: 'signedIn', object: 'documentMember' },
      summary: 'Delete a document: its uploader only',
      message: MSG.documentDeleted,
    },
    async (req) => documents.deleteDocument(deps, caller(req), req.params.documentId),
  );

  app.get(
    DOCUMENT_FILE_PATH.replace(/^\/documents/, ''),
    {
      config: { policy: { caller: 'signedIn', object: 'documentMember' } },
      schema: {
        tags: ['documents'],
        summary: "A document's bytes (inline, nosniff, sandboxed), for the room's owner and current tenant only",
        params: z.object({ documentId: z.string().max(100) }),
      },
    },
    async (req, reply) => {
      const file = await documents.documentFile(deps, caller(req), req.params.documentId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', inlineDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', file.contentType === 'application/pdf' ? PDF_CSP : IMAGE_CSP)
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
};
