import { DOCUMENT_FIELD, formatBytes, type RoomDocument } from '@kiraya/contract/documents';
import { LIMITS } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { FileText, Trash2, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { useConfirmAction } from '../../../lib/useConfirmAction';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { primaryButton } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useDeleteDocument, useRoomDocuments, useUploadDocument } from '../api/documents';
import { useDocumentsT } from '../i18n';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** What the browser can tell before sending (the server sniffs the bytes and decides). */
export function checkDocumentFile(file: File): string | null {
  if (file.size > LIMITS.documentMaxBytes) return MSG.documentSize;
  const typeOk = (LIMITS.documentMimeTypes as readonly string[]).includes(file.type);
  const nameOk = /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!typeOk && !nameOk) return MSG.documentType;
  return null;
}

/**
 * A room's documents (spec "Documents tab", B7): Upload Documents and the list with name, size, uploader,
 * date and View; the uploader may delete. Used on the owner's room card and on the tenant's room page.
 */
export function RoomDocuments({ roomId, heading }: { roomId: string; heading?: string }) {
  const t = useDocumentsT();
  const msg = useMsg();
  const locale = useLocale();
  const docs = useRoomDocuments(roomId);
  const upload = useUploadDocument(roomId);
  const del = useDeleteDocument(roomId);
  const input = useRef<HTMLInputElement>(null);
  const deleting = useConfirmAction((d: RoomDocument) => del.mutateAsync(d._id), { done: () => msg(MSG.documentDeleted) });
  const hintId = useId();
  const headingId = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = checkDocumentFile(file);
    if (problem) {
      toast.error(msg(problem));
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(msg(MSG.documentUploaded));
    } catch (e) {
      toast.error(msg(errorMessage(e)));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section aria-labelledby={heading ? headingId : undefined}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        {heading ? (
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {heading}
          </h2>
        ) : (
          <span />
        )}
        <div className="flex flex-col items-end">
          <button
            type="button"
            className={primaryButton}
            disabled={upload.isPending}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden="true" className="h-4 w-4" />
            {upload.isPending ? t('uploading') : msg(MSG.uploadDocuments)}
          </button>
          <span id={hintId} className="mt-1 text-xs text-slate-600">
            {t('hint', { size: `${LIMITS.documentMaxBytes / 1_048_576} MB` })}
          </span>
          <input
            ref={input}
            type="file"
            name={DOCUMENT_FIELD}
            accept={ACCEPT}
            aria-label={msg(MSG.uploadDocuments)}
            // The visible button opens it; screen readers get that one button, not two.
            aria-hidden="true"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </div>
      </div>
      {docs.isPending ? (
        <Spinner label={t('loading')} />
      ) : docs.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {msg(errorMessage(docs.error))}
        </p>
      ) : docs.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
          <p className="font-medium text-slate-800">{msg(MSG.noDocuments)}</p>
          <p className="mt-1 text-sm text-slate-600">{t('empty')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {docs.data.map((d) => (
            <li key={d._id} className="flex flex-wrap items-center gap-3 px-3 py-2.5 text-sm">
              <FileText aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900" title={d.name}>
                  {d.name}
                </span>
                <span className="block text-xs text-slate-600">
                  {t('meta', {
                    size: formatBytes(d.size),
                    who: d.mine ? t('you') : d.uploadedBy.fullName,
                    role: d.uploadedBy.role,
                    date: formatDate(d.createdAt, locale),
                  })}
                </span>
              </span>
              <a
                href={d.url}
                target="_blank"
                rel="noopener noreferrer"
                className="rounded px-2 py-1 font-medium text-brand-700 underline hover:text-brand-800"
                aria-label={t('view.label', { name: d.name })}
              >
                {t('view')}
              </a>
              {d.mine ? (
                <button
                  type="button"
                  onClick={() => deleting.ask(d)}
                  className="rounded p-1.5 text-slate-600 hover:bg-red-50 hover:text-red-700"
                  aria-label={t('delete.label', { name: d.name })}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting.target !== null}
        onOpenChange={(o) => (o ? undefined : deleting.close())}
        onConfirm={() => void deleting.confirm()}
        busy={del.isPending}
      />
    </section>
  );
}
