import { LIMITS, MSG, sanitiseDocumentName } from '@kiraya/contract';
import { inArray } from 'drizzle-orm';
import { type Db, inTransaction } from '../db/index.js';
import { type FileRow, files, roomDocuments } from '../db/schema.js';
import type { BlobStore } from './blob-store.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';
import { checkImagePixels, processImage, sniff } from './images.js';
import { cleanDocumentImage } from './metadata.js';

/**
 * The upload pipeline (ADR 010), the one way a file a person sends is stored:
 *
 *   1. `prepareUploads(kind, buffers, path)`: every buffer is checked against the kind's size limit and
 *      sniffed by its bytes against the kind's allowed types (413 / 415), then processed: an `image` is
 *      re-encoded (orientation applied, metadata stripped, WebP display size + thumbnail; at most 25 MP,
 *      two at a time per process), a `document` is kept as sent, less a photo's hidden metadata
 *      (lib/metadata.ts: lossless; a JPEG/PNG that does not parse is re-encoded, or refused when it cannot
 *      be decoded; at most 25 MP like images). Nothing is written yet.
 *   2. `withUploads(deps, async (tx, store) => …)`: inside one transaction, `store(prepared, opts)` writes
 *      the blobs under server-generated keys and inserts their `files` rows; the caller links them to
 *      what they belong to (property_images, room_images, …). If anything in the transaction fails,
 *      every blob written is deleted again.
 *   3. `deleteFiles(tx, ids)` removes rows (and, through the foreign keys, their links) and returns the
 *      blob keys to delete once the transaction has committed (`deleteBlobs`).
 */
export type UploadKindName = 'image' | 'document';

export type UploadKind = {
  name: UploadKindName;
  /** Content types accepted, as sniffed from the bytes (never the name or the part's header). */
  mimeTypes: readonly string[];
  maxBytes: number;
  tooLarge: string;
  wrongType: string;
  /** `reencode`: WebP display + thumbnail (images); `as-sent`: the bytes are stored unchanged (documents). */
  processing: 'reencode' | 'as-sent';
  /** Counted against the per-user image budget (LIMITS.imageUploadsPerWindow). */
  rateLimited: boolean;
};

export const UPLOAD_KINDS = {
  /** Property and room photos, meter photos of bills. */
  image: {
    name: 'image',
    mimeTypes: LIMITS.imageMimeTypes,
    maxBytes: LIMITS.imageMaxBytes,
    tooLarge: MSG.imageSize,
    wrongType: MSG.imageType,
    processing: 'reencode',
    rateLimited: true,
  },
  /** Rent agreements, ID proofs, bills: PDF, JPG or PNG up to 10 MB, kept as sent. */
  document: {
    name: 'document',
    mimeTypes: LIMITS.documentMimeTypes,
    maxBytes: LIMITS.documentMaxBytes,
    tooLarge: MSG.documentSize,
    wrongType: MSG.documentType,
    processing: 'as-sent',
    rateLimited: false,
  },
} as const satisfies Record<UploadKindName, UploadKind>;

/** An upload checked and processed, ready to be stored. */
export type PreparedUpload = {
  kind: UploadKindName;
  contentType: string;
  /** The main blob and the extension of its key. */
  data: Buffer;
  ext: string;
  thumb: Buffer | null;
  width: number | null;
  height: number | null;
  /** An image's perceptual hash (ADR 037); null for documents. */
  phash: bigint | null;
};

const EXT: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

const tooLarge = (kind: UploadKind, path: string) => new AppError('PAYLOAD_TOO_LARGE', kind.tooLarge, [{ path, message: kind.tooLarge }]);

/** The names senders gave their files (lib/multipart.ts records them as it reads a form): untrusted, shown sanitised. */
const uploadNames = new WeakMap<Buffer, string>();
export const nameUpload = (data: Buffer, filename: string): void => {
  if (filename) uploadNames.set(data, filename);
};

/**
 * When one of several files fails a check, the answer names it (issue 19: "Submit then fails without naming
 * the file"): `"notes.jpg" is not a JPG, PNG or WebP photo.`, `"big.png": Image size should be less than 5MB`.
 */
function naming(e: unknown, kind: UploadKind, data: Buffer, several: boolean): unknown {
  const raw = uploadNames.get(data);
  if (!several || !raw || !(e instanceof AppError)) return e;
  const name = sanitiseDocumentName(raw);
  const message = e.code === 'UNSUPPORTED_MEDIA_TYPE' && kind.name === 'image' ? MSG.imageNotPhoto(name) : MSG.imageNamed(name, e.message);
  return new AppError(
    e.code,
    message,
    e.errors.map((x) => ({ ...x, message })),
  );
}

/** Runs a check on each upload; a failure names the file when there are several. */
async function eachNamed(kind: UploadKind, buffers: Buffer[], check: (data: Buffer) => Promise<void>): Promise<void> {
  for (const data of buffers) {
    try {
      await check(data);
    } catch (e) {
      throw naming(e, kind, data, buffers.length > 1);
    }
  }
}

/** Step 1: checks every upload first (size, sniffed type, pixels: cheap), then processes them one by one. */
export async function prepareUploads(kind: UploadKind, buffers: Buffer[], path: string): Promise<PreparedUpload[]> {
  const types: string[] = [];
  await eachNamed(kind, buffers, async (data) => {
    if (data.length > kind.maxBytes) throw tooLarge(kind, path);
    const mime = await sniff(data, kind.mimeTypes);
    if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', kind.wrongType, [{ path, message: kind.wrongType }]);
    types.push(mime);
  });
  if (kind.processing === 'as-sent') {
    const out: PreparedUpload[] = [];
    for (const [i, data] of buffers.entries()) {
      const contentType = types[i] as string;
      // Kept as sent, but without the photo's hidden metadata (GPS, camera…), within the pixel limit:
      // lossless, or re-encoded when it does not parse, or refused (lib/metadata.ts).
      const clean = await cleanDocumentImage(data, contentType, path);
      out.push({
        kind: kind.name,
        contentType,
        data: clean,
        ext: EXT[contentType] ?? 'bin',
        thumb: null,
        width: null,
        height: null,
        phash: null,
      });
    }
    return out;
  }
  await eachNamed(kind, buffers, (data) => checkImagePixels(data, path));
  const out: PreparedUpload[] = [];
  for (const data of buffers) {
    const img = await processImage(data, path).catch((e: unknown) => {
      throw naming(e, kind, data, buffers.length > 1);
    });
    out.push({
      kind: kind.name,
      contentType: 'image/webp',
      data: img.display,
      ext: 'webp',
      thumb: img.thumb,
      width: img.width,
      height: img.height,
      phash: img.phash,
    });
  }
  return out;
}

export type StoreOptions = {
  /** Key prefix, e.g. `properties/{id}`: keys are `{folder}/{fileId}-display.webp` / `-thumb.webp` / `.{ext}`. */
  folder: string;
  uploadedBy: string | null;
};
export type StoreFiles = (prepared: PreparedUpload[], opts: StoreOptions) => Promise<FileRow[]>;

/** Writes blobs and inserts `files` rows inside `tx`; every key written is pushed to `written`. */
export async function storeFiles(
  tx: Db,
  blobs: BlobStore,
  prepared: PreparedUpload[],
  opts: StoreOptions,
  written: string[],
): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  for (const p of prepared) {
    const id = newId();
    const key = p.thumb ? `${opts.folder}/${id}-display.${p.ext}` : `${opts.folder}/${id}.${p.ext}`;
    const thumbKey = p.thumb ? `${opts.folder}/${id}-thumb.webp` : null;
    written.push(key);
    await blobs.put(key, p.data, p.contentType);
    if (thumbKey && p.thumb) {
      written.push(thumbKey);
      await blobs.put(thumbKey, p.thumb, 'image/webp');
    }
    const [row] = await tx
      .insert(files)
      .values({
        id,
        kind: p.kind,
        contentType: p.contentType,
        key,
        thumbKey,
        width: p.width,
        height: p.height,
        byteSize: p.data.length + (p.thumb?.length ?? 0),
        phash: p.phash,
        uploadedBy: opts.uploadedBy,
      })
      .returning();
    rows.push(row as FileRow);
  }
  return rows;
}

/** Step 2: runs `fn` in a transaction with a `store` for uploads; blobs written are removed again when anything fails. */
export async function withUploads<T>(deps: { db: Db; blobs: BlobStore }, fn: (tx: Db, store: StoreFiles) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await inTransaction(deps.db, async (db) => {
      return fn(db, (prepared, opts) => storeFiles(db, deps.blobs, prepared, opts, written));
    });
  } catch (e) {
    await deleteBlobs(deps.blobs, written);
    throw e;
  }
}

/** The blob keys of file rows. */
export const fileKeys = (rows: Pick<FileRow, 'key' | 'thumbKey'>[]): string[] =>
  rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));

/** Step 3: deletes file rows (their links go with them); returns the blob keys to delete after commit. */
export async function deleteFiles(tx: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.delete(files).where(inArray(files.id, ids)).returning({ key: files.key, thumbKey: files.thumbKey });
  return fileKeys(rows);
}

/**
 * The documents of rooms being deleted (ADR 020): the room rows cascade, the file rows and blobs would not.
 * Their bills' meter photos are the bills module's (`roomMeterPhotoIds`).
 */
export async function roomDocumentFileIds(tx: Db, roomIds: string[]): Promise<string[]> {
  if (roomIds.length === 0) return [];
  const docs = await tx.select({ id: roomDocuments.fileId }).from(roomDocuments).where(inArray(roomDocuments.roomId, roomIds));
  return docs.map((d) => d.id);
}

/** Best-effort removal of blobs (after a failed write, or after their rows were deleted). */
export async function deleteBlobs(blobs: BlobStore, keys: string[]): Promise<void> {
  await Promise.all(keys.map((k) => blobs.delete(k).catch(() => undefined)));
}

/**
 * Images one user may upload in a window (per app instance, in memory): re-encoding is the costly part
 * of an upload, so it is bounded per person as well as per process (images.ts `imageSlots`).
 */
export class UploadBudget {
  private readonly used = new Map<string, { count: number; resetAt: number }>();
  constructor(
    readonly limit: number = LIMITS.imageUploadsPerWindow,
    readonly windowMs: number = LIMITS.imageUploadWindowMs,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes `n` from the user's budget, or throws 429 (taking nothing) when that would go over it. */
  charge(userId: string, n: number): void {
    if (n <= 0) return;
    const t = this.now();
    let u = this.used.get(userId);
    if (!u || u.resetAt <= t) {
      u = { count: 0, resetAt: t + this.windowMs };
      this.used.set(userId, u);
    }
    if (u.count + n > this.limit) {
      const minutes = Math.max(1, Math.ceil((u.resetAt - t) / 60_000));
      throw new AppError('TOO_MANY_REQUESTS', MSG.imageRateLimited, [
        { path: '', message: `${MSG.imageRateLimited} Retry in ${minutes} min.` },
      ]);
    }
    u.count += n;
    if (this.used.size > 100_000) for (const [k, v] of this.used) if (v.resetAt <= t) this.used.delete(k);
  }
}

const budgets = new WeakMap<object, UploadBudget>();
/** The image budget of one app (keyed by its deps object, so every test app starts afresh). */
export function uploadBudget(app: object): UploadBudget {
  let b = budgets.get(app);
  if (!b) {
    b = new UploadBudget();
    budgets.set(app, b);
  }
  return b;
}
