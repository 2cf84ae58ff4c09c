import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * Documents of a room (spec "Documents tab", B7; ADR 020): PDF, JPG or PNG up to 10 MB (sniffed by their
 * bytes), seen by the room's owner and its current tenant, deleted by their uploader. The bytes are served by
 * DOCUMENT_FILE_PATH (same origin, cookie session), never from the public /uploads folder.
 */
export const DOCUMENT_NAME_MAX = 120;

/** The multipart field of an upload. */
export const DOCUMENT_FIELD = 'document';

/**
 * Characters removed from a file name: control characters, format characters (the bidirectional
 * overrides, embeddings, isolates and marks U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C, which
 * can make `invoice\u202Efdp.exe` show as `invoiceexe.pdf`; zero-width spaces, U+FEFF, soft hyphens, tag
 * characters…), lone surrogates, and the characters a file system refuses. The zero-width joiner and
 * non-joiner stay: Indic scripts use them inside words.
 */
const NAME_STRIPPED = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Cs}]|["<>:|?*]/gu;

/**
 * A file name as people see it: the base name only (no folders), control, format (bidirectional) and path
 * characters removed, whitespace collapsed, at most DOCUMENT_NAME_MAX characters with the extension kept;
 * `document.{fallbackExt}` when nothing but an extension (or nothing at all) is left.
 */
export function sanitiseDocumentName(raw: string | null | undefined, fallbackExt = ''): string {
  const base = String(raw ?? '')
    .split(/[\\/]/)
    .pop() as string;
  let name = base.normalize('NFC').replace(NAME_STRIPPED, '').replace(/\s+/g, ' ').trim();
  // No hidden names (".x"), and a bare extension is no name.
  name = /^\.+[^.]*$/.test(name) ? '' : name.replace(/^\.+/, '').trim();
  if (!name) name = fallbackExt ? `document.${fallbackExt}` : 'document';
  if (name.length > DOCUMENT_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 6 ? name.slice(dot) : '';
    // Never half a surrogate pair (an emoji cut in two is not text).
    const stem = name.slice(0, DOCUMENT_NAME_MAX - ext.length).replace(/[\uD800-\uDBFF]$/, '');
    name = `${stem.trimEnd()}${ext}`;
  }
  return name;
}

export const roomDocumentsParamSchema = z.object({ roomId: z.string().min(1, MSG.roomNotFound).max(100, MSG.roomNotFound) });
export const documentIdParamSchema = z.object({
  documentId: z.string().min(1, MSG.documentNotFound).max(100, MSG.documentNotFound),
});

export const documentSchema = z.object({
  _id: z.string(),
  roomId: z.string(),
  name: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  uploadedBy: z.object({ _id: z.string(), fullName: z.string(), role: z.enum(['owner', 'tenant']) }),
  /** True when the caller uploaded it (and so may delete it). */
  mine: z.boolean(),
  createdAt: z.string(),
  /** Same-origin link to the bytes (API_BASE + documentFilePath(id)). */
  url: z.string(),
});
export type RoomDocument = z.infer<typeof documentSchema>;

/** "1.2 MB", "340 KB", "512 B". */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}
