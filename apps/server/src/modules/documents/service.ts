import { API_BASE, documentFilePath, MSG, type RoomDocument, sanitiseDocumentName } from '@kiraya/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, inTransaction } from '../../db/index.js';
import { files, roomDocuments, tenancies, users } from '../../db/schema.js';
import { type Caller, roomAccess } from '../../lib/access.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { UploadedFile } from '../../lib/multipart.js';
import { deleteBlobs, deleteFiles, prepareUploads, UPLOAD_KINDS, withUploads } from '../../lib/uploads.js';

type Deps = Pick<AppDeps, 'db' | 'blobs'>;

/**
 * Documents of a room (B7, ADR 020). Only the room's owner and its current tenant see them; to anyone
 * else (former tenants, other tenants and owners) the room and its documents do not exist (404). The owner
 * sees every document of the room; the current tenant those of their own tenancy (a new tenant never sees
 * the previous tenant's papers). The uploader deletes.
 */
type Member = { roomId: string; relation: 'owner' | 'tenant'; tenancyId: string | null };

/** The caller's membership of the room, or 404 `message` (never 401/403: nothing about the room leaks). */
async function member(db: Db, caller: Caller, roomId: string, message: string = MSG.roomNotFound): Promise<Member> {
  let relation: 'owner' | 'tenant';
  try {
    const access = await roomAccess(db, caller, roomId, 'owner-or-tenant');
    relation = access.relation === 'owner' ? 'owner' : 'tenant';
  } catch (e) {
    if (e instanceof AppError && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN' || e.code === 'UNAUTHORIZED')) throw notFound(message);
    throw e;
  }
  const [t] = await db
    .select({ id: tenancies.id, tenantId: tenancies.tenantId })
    .from(tenancies)
    .where(and(eq(tenancies.roomId, roomId), isNull(tenancies.moveOutDate)))
    .limit(1);
  if (relation === 'tenant' && t?.tenantId !== caller?.userId) throw notFound(message);
  return { roomId, relation, tenancyId: t?.id ?? null };
}

const visibleTo = (m: Member) =>
  m.relation === 'owner'
    ? eq(roomDocuments.roomId, m.roomId)
    : and(eq(roomDocuments.roomId, m.roomId), eq(roomDocuments.tenancyId, m.tenancyId ?? '00000000-0000-0000-0000-000000000000'));

const select = {
  doc: roomDocuments,
  contentType: files.contentType,
  size: files.byteSize,
  key: files.key,
  uploaderName: users.fullName,
  uploaderRole: users.role,
};

type Row = {
  doc: typeof roomDocuments.$inferSelect;
  contentType: string;
  size: number;
  uploaderName: string;
  uploaderRole: 'owner' | 'tenant';
};

function toDocument(r: Row, callerId: string | undefined): RoomDocument {
  return {
    _id: r.doc.fileId,
    roomId: r.doc.roomId,
    name: r.doc.name,
    contentType: r.contentType,
    size: r.size,
    uploadedBy: { _id: r.doc.uploadedBy, fullName: r.uploaderName, role: r.uploaderRole },
    mine: r.doc.uploadedBy === callerId,
    createdAt: r.doc.createdAt.toISOString(),
    url: `${API_BASE}${documentFilePath(r.doc.fileId)}`,
  };
}

const joined = (db: Db) =>
  db
    .select(select)
    .from(roomDocuments)
    .innerJoin(files, eq(files.id, roomDocuments.fileId))
    .innerJoin(users, eq(users.id, roomDocuments.uploadedBy));

/** GET /documents/room/:roomId: newest first. */
export async function listDocuments(deps: Deps, caller: Caller, roomId: string): Promise<RoomDocument[]> {
  const m = await member(deps.db, caller, roomId);
  const rows = await joined(deps.db).where(visibleTo(m)).orderBy(desc(roomDocuments.createdAt), desc(roomDocuments.fileId));
  return rows.map((r) => toDocument(r as Row, caller?.userId));
}

/** POST /documents/room/:roomId (multipart field `document`): sniffed PDF/JPG/PNG up to 10 MB, stored privately as sent. */
export async function uploadDocument(
  deps: Deps,
  caller: Caller,
  roomId: string,
  read: UploadedFile | undefined | (() => Promise<UploadedFile | undefined>),
): Promise<RoomDocument> {
  const m = await member(deps.db, caller, roomId);
  // The body is read only once the caller is known to be a member: a stranger's 10 MB is not taken in.
  const upload = typeof read === 'function' ? await read() : read;
  if (!upload || upload.data.length === 0) throw badRequest(MSG.documentRequired, 'document');
  const [prepared] = await prepareUploads(UPLOAD_KINDS.document, [upload.data], 'document');
  if (!prepared || !caller) throw badRequest(MSG.documentRequired, 'document');
  const name = sanitiseDocumentName(upload.filename, prepared.ext);
  const fileId = await withUploads(deps, async (tx, store) => {
    const [file] = await store([prepared], { folder: `private/documents/${roomId}`, uploadedBy: caller.userId });
    if (!file) throw badRequest(MSG.documentUploadFailed, 'document');
    await tx.insert(roomDocuments).values({ fileId: file.id, roomId, tenancyId: m.tenancyId, uploadedBy: caller.userId, name });
    return file.id;
  });
  const [row] = await joined(deps.db).where(eq(roomDocuments.fileId, fileId));
  return toDocument(row as Row, caller.userId);
}

/** The document and the caller's membership of its room, or 404 "Document not found.". */
async function documentFor(db: Db, caller: Caller, documentId: string): Promise<{ row: Row & { key: string }; m: Member }> {
  if (!isUuid(documentId)) throw notFound(MSG.documentNotFound);
  const [row] = await joined(db).where(eq(roomDocuments.fileId, documentId)).limit(1);
  if (!row) throw notFound(MSG.documentNotFound);
  const m = await member(db, caller, row.doc.roomId, MSG.documentNotFound);
  if (m.relation === 'tenant' && row.doc.tenancyId !== m.tenancyId) throw notFound(MSG.documentNotFound);
  return { row: row as Row & { key: string }, m };
}

/** POST /documents/delete/:documentId: its uploader only (the other party gets 403). */
export async function deleteDocument(deps: Deps, caller: Caller, documentId: string): Promise<{ _id: string }> {
  const { row } = await documentFor(deps.db, caller, documentId);
  if (row.doc.uploadedBy !== caller?.userId) throw forbidden(MSG.documentDeleteOwnOnly);
  const keys = await inTransaction(deps.db, async (tx) => deleteFiles(tx, [documentId]));
  await deleteBlobs(deps.blobs, keys);
  return { _id: documentId };
}

/** GET /documents/file/:documentId: the bytes, for the people who may see the document. */
export async function documentFile(
  deps: Deps,
  caller: Caller,
  documentId: string,
): Promise<{ data: Buffer; contentType: string; name: string }> {
  const { row } = await documentFor(deps.db, caller, documentId);
  const data = await deps.blobs.get(row.key);
  if (!data) throw notFound(MSG.documentNotFound);
  return { data, contentType: row.contentType, name: row.doc.name };
}

/** Seeds and tests: a document stored through the same pipeline. */
export async function addDocument(deps: Deps, uploaderId: string, roomId: string, filename: string, data: Buffer): Promise<RoomDocument> {
  const [u] = await deps.db.select({ role: users.role }).from(users).where(eq(users.id, uploaderId));
  return uploadDocument(deps, { userId: uploaderId, role: u?.role ?? 'tenant' }, roomId, { field: 'document', filename, data });
}
