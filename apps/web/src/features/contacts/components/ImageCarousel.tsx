import type { PropertyImage } from '@kiraya/contract';
import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useContactsT } from '../i18n';

/**
 * The OwnerDetails image carousel (spec 2): previous/next, a counter, thumbnails, and a placeholder for
 * an image that fails to load. Arrow keys, Home and End move through it when it has focus.
 */
export function ImageCarousel({ images, label }: { images: PropertyImage[]; label: string }) {
  const t = useContactsT();
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<ReadonlySet<string>>(new Set());
  const count = images.length;
  if (count === 0) return <Missing text={t('carousel.none')} />;
  const i = Math.min(index, count - 1);
  const current = images[i] as PropertyImage;
  const go = (to: number) => setIndex((to + count) % count);
  const fail = (id: string) => setBroken((b) => new Set(b).add(id));
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const button =
    'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white disabled:opacity-40';
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes arrow keys when focused
    <section aria-roledescription="carousel" aria-label={label} tabIndex={0} onKeyDown={onKey} className="rounded-xl outline-offset-2">
      <div className="relative">
        {broken.has(current._id) ? (
          <Missing text={t('carousel.broken')} />
        ) : (
          <img
            key={current._id}
            src={current.url}
            alt={t('carousel.alt', { label, n: i + 1, count })}
            width={current.width || undefined}
            height={current.height || undefined}
            onError={() => fail(current._id)}
            className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
          />
        )}
        {count > 1 ? (
          <>
            <button type="button" aria-label={t('carousel.previous')} onClick={() => go(i - 1)} className={`${button} left-2`}>
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            </button>
            <button type="button" aria-label={t('carousel.next')} onClick={() => go(i + 1)} className={`${button} right-2`}>
              <ChevronRight aria-hidden="true" className="h-5 w-5" />
            </button>
          </>
        ) : null}
        <p
          aria-live="polite"
          className="absolute bottom-2 right-2 rounded-full bg-slate-900/80 px-2.5 py-0.5 text-xs font-medium text-white"
        >
          {t('carousel.counter', { n: i + 1, count })}
        </p>
      </div>
      {count > 1 ? (
        <ul aria-label={t('carousel.thumbnails', { label })} className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {images.map((img, n) => (
            <li key={img._id} className="shrink-0">
              <button
                type="button"
                aria-label={t('carousel.show', { n: n + 1, count })}
                aria-current={n === i ? 'true' : undefined}
                onClick={() => go(n)}
                className={`block overflow-hidden rounded-lg ring-2 ${n === i ? 'ring-brand-700' : 'ring-transparent hover:ring-slate-300'}`}
              >
                {broken.has(img._id) ? (
                  <span className="flex h-12 w-16 items-center justify-center bg-slate-100">
                    <ImageOff aria-hidden="true" className="h-4 w-4 text-slate-500" />
                  </span>
                ) : (
                  <img
                    src={img.thumbnailUrl || img.url}
                    alt=""
                    loading="lazy"
                    onError={() => fail(img._id)}
                    className="h-12 w-16 bg-slate-100 object-cover"
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-sm font-medium text-slate-600">
      <ImageOff aria-hidden="true" className="h-6 w-6" />
      {text}
    </div>
  );
}
