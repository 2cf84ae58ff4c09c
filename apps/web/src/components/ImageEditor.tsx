import { LIMITS } from '@kiraya/contract/constants';
import { Undo2, X } from 'lucide-react';
import { Msg } from '../lib/useMsg';
import { useCommonT } from './i18n/common';
import { ImageDropzone } from './ImageDropzone';

type Img = { _id: string; url: string; thumbnailUrl: string; width: number; height: number };

/**
 * Edit-time images (B14): current images with remove/keep toggles and a drop zone for new ones,
 * never more than 10 in all.
 */
export function ImageEditor({
  images,
  removed,
  onToggle,
  files,
  onFilesChange,
  altPrefix,
  gridClassName = 'grid-cols-2 sm:grid-cols-4',
}: {
  images: Img[];
  removed: Set<string>;
  onToggle: (id: string) => void;
  files: File[];
  onFilesChange: (files: File[]) => void;
  /** Alt text of image i is "{altPrefix}, i of n". */
  altPrefix: string;
  gridClassName?: string;
}) {
  const t = useCommonT();
  const kept = images.filter((i) => !removed.has(i._id)).length;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">
        {t('images.legend', { count: kept + files.length, max: LIMITS.imageMaxCount })}
      </legend>
      {images.length ? (
        <ul aria-label={t('images.current')} className={`mt-2 grid gap-3 ${gridClassName}`}>
          {images.map((img, i) => {
            const gone = removed.has(img._id);
            return (
              <li
                key={img._id}
                className={`relative overflow-hidden rounded-lg border ${gone ? 'border-red-300 opacity-60' : 'border-slate-200'}`}
              >
                <img
                  src={img.thumbnailUrl || img.url}
                  alt={t('images.alt', { title: altPrefix, n: i + 1, total: images.length })}
                  width={img.width}
                  height={img.height}
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover"
                />
                {gone ? (
                  <span className="absolute left-1 top-1 rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('images.willBeRemoved')}
                  </span>
                ) : null}
                <button
                  type="button"
                  onClick={() => onToggle(img._id)}
                  aria-pressed={gone}
                  aria-label={gone ? t('images.keep', { n: i + 1 }) : t('images.remove', { n: i + 1 })}
                  className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-red-50 hover:text-red-700"
                >
                  {gone ? <Undo2 aria-hidden="true" className="h-4 w-4" /> : <X aria-hidden="true" className="h-4 w-4" />}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="mt-4">
        <ImageDropzone files={files} onChange={onFilesChange} max={Math.max(0, LIMITS.imageMaxCount - kept)} label={t('images.add')} />
      </div>
    </fieldset>
  );
}

/** The message line and Cancel / Save Changes row of the edit forms. */
export function EditFormFooter({ message, busy, onCancel }: { message: string | null | undefined; busy: boolean; onCancel: () => void }) {
  const t = useCommonT();
  return (
    <>
      {message ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          <Msg text={message} />
        </p>
      ) : null}
      <div className="flex justify-end gap-3">
        <button
          type="button"
          onClick={onCancel}
          disabled={busy}
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
        >
          {t('confirm.cancel')}
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? t('form.saving') : t('form.saveChanges')}
        </button>
      </div>
    </>
  );
}
