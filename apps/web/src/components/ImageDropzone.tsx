import { imageFileError, sanitiseDocumentName } from '@kiraya/contract';
import { LIMITS } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { ImagePlus, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { formatMB } from '../lib/format';
import { Msg } from '../lib/useMsg';
import { useCommonT } from './i18n/common';
import { isPhoto } from '../lib/photoCheck';

type ImageDropzoneProps = {
  files: File[];
  onChange: (files: File[]) => void;
  /** How many files may be kept (10 by default; fewer when images already exist). */
  max?: number;
  label?: string;
};

let nextKey = 0;
const keys = new WeakMap<File, number>();
const keyFor = (f: File): number => {
  let k = keys.get(f);
  if (k === undefined) {
    k = ++nextKey;
    keys.set(f, k);
  }
  return k;
};

/**
 * Images by drag-and-drop or click (spec 5): JPEG/PNG/WEBP only, each at most 5 MB, at most `max` kept,
 * previews from object URLs that are revoked when removed.
 */
export function ImageDropzone({ files, onChange, max = LIMITS.imageMaxCount, label }: ImageDropzoneProps) {
  const t = useCommonT();
  const inputId = useId();
  const hintId = useId();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const urls = useRef(new Map<File, string>());

  const urlFor = (file: File): string => {
    let url = urls.current.get(file);
    if (!url) {
      url = URL.createObjectURL(file);
      urls.current.set(file, url);
    }
    return url;
  };

  // Revoke the previews of files that left the list.
  useEffect(() => {
    for (const [file, url] of urls.current) {
      if (!files.includes(file)) {
        URL.revokeObjectURL(url);
        urls.current.delete(file);
      }
    }
  }, [files]);
  // And every preview on unmount.
  useEffect(() => {
    const map = urls.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);

  // The latest list, for checks that finish after it changed (a photo is decoded before it is kept).
  const current = useRef(files);
  current.current = files;

  const add = async (incoming: File[]) => {
    const accepted: File[] = [];
    let problem: string | null = null;
    for (const f of incoming) {
      const err = imageFileError(f) ?? ((await isPhoto(f)) ? null : MSG.imageNotPhoto(sanitiseDocumentName(f.name)));
      if (err) problem ??= err;
      else accepted.push(f);
    }
    const now = current.current;
    const room = Math.max(0, max - now.length);
    if (accepted.length > room) problem ??= MSG.imageTooMany;
    setError(problem);
    const kept = accepted.slice(0, room);
    if (kept.length) onChange([...now, ...kept]);
  };

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setDragging(false);
    void add(Array.from(e.dataTransfer.files));
  };

  const remove = (file: File) => {
    setError(null);
    onChange(files.filter((f) => f !== file));
  };

  return (
    <div>
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center focus-within:outline focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-700 ${
          dragging ? 'border-brand-700 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:bg-slate-100'
        }`}
      >
        <ImagePlus aria-hidden="true" className="h-8 w-8 text-brand-700" />
        <span className="font-medium text-slate-800">{t('dropzone.prompt', { label: label ?? t('dropzone.images') })}</span>
        <span id={hintId} className="text-sm text-slate-600">
          {t('dropzone.hint', { max })}
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={LIMITS.imageMimeTypes.join(',')}
          aria-describedby={hintId}
          className="sr-only"
          onChange={(e) => {
            void add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          <Msg text={error} />
        </p>
      ) : null}
      {files.length ? (
        <ul aria-label={t('dropzone.selected')} className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {files.map((f) => (
            <li key={keyFor(f)} className="relative overflow-hidden rounded-lg border border-slate-200 bg-white">
              <img
                src={urlFor(f)}
                alt={t('dropzone.preview', { name: f.name })}
                width={160}
                height={112}
                className="h-28 w-full object-cover"
              />
              <div className="flex items-center justify-between gap-1 px-2 py-1 text-xs text-slate-700">
                <span className="truncate" title={f.name}>
                  {f.name}
                </span>
                <span className="shrink-0">{formatMB(f.size)}</span>
              </div>
              <button
                type="button"
                onClick={() => remove(f)}
                aria-label={t('dropzone.remove', { name: f.name })}
                className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-red-50 hover:text-red-700"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
