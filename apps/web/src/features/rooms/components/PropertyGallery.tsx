import type { PropertyImage } from '@kiraya/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { usePublicRoomsT } from '../i18n/public';

/** Horizontal travel (CSS px) that counts as a swipe. */
export const SWIPE_MIN_PX = 40;
/** The server's thumbnail box (ADR 010): thumbnails fit inside 480 × 480. */
const THUMB_BOX = 480;

type Slide = { key: string; src: string; thumb: string; width: number; height: number; thumbWidth: number };

/** The gallery's slides: `images` (display size, thumbnail, size); older answers with bare URLs still show. */
export function gallerySlides(images: PropertyImage[] | undefined, urls: string[] | undefined = []): Slide[] {
  if (images?.length) {
    return images.map((i) => {
      const width = i.width || 1600;
      const height = i.height || 1067;
      const thumbWidth = Math.round(Math.min(1, THUMB_BOX / Math.max(width, height)) * width);
      return { key: i._id, src: i.url, thumb: i.thumbnailUrl || i.url, width, height, thumbWidth };
    });
  }
  return (urls ?? []).map((u) => ({ key: u, src: u, thumb: u, width: 1600, height: 1067, thumbWidth: 1600 }));
}

/**
 * A property's photos: one large image, previous/next buttons, a counter and thumbnails. Arrow keys, Home and
 * End work while focus is inside; a horizontal swipe (pointer events) changes the photo. The first photo is the
 * page's LCP element: eager, high fetch priority, sized by a fixed aspect ratio; the others load when shown.
 */
export function PropertyGallery({ title, images, urls }: { title: string; images?: PropertyImage[]; urls?: string[] }) {
  const t = usePublicRoomsT();
  const slides = gallerySlides(images, urls);
  const [index, setIndex] = useState(0);
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const count = slides.length;
  const current = Math.min(index, Math.max(count - 1, 0));
  const slide = slides[current];

  if (!slide) {
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-slate-100 text-sm font-medium text-slate-600 sm:aspect-[3/2]">
        {t('gallery.noImage')}
      </div>
    );
  }

  const go = (i: number) => setIndex(((i % count) + count) % count);
  const many = count > 1;

  const onKeyDown = (e: KeyboardEvent) => {
    if (!many) return;
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const onPointerDown = (e: PointerEvent) => {
    if (!many || (e.pointerType === 'mouse' && e.button !== 0)) return;
    start.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(e.clientY - s.y)) return;
    go(dx < 0 ? current + 1 : current - 1);
  };

  const arrow =
    'absolute top-1/2 -translate-y-1/2 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md ring-1 ring-slate-900/10 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

  return (
    <section
      aria-roledescription={t('gallery.carousel')}
      aria-label={t('gallery.label', { title })}
      onKeyDown={onKeyDown}
      className="min-w-0"
    >
      <div className="relative overflow-hidden rounded-2xl bg-slate-100">
        <div
          role="group"
          aria-roledescription={t('gallery.slide')}
          aria-label={t('gallery.counter', { n: current + 1, count })}
          tabIndex={many ? 0 : undefined}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            start.current = null;
          }}
          className={`aspect-[4/3] w-full sm:aspect-[3/2] focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand-700 ${many ? 'touch-pan-y' : ''}`}
        >
          <img
            key={slide.key}
            src={slide.src}
            srcSet={`${slide.thumb} ${slide.thumbWidth}w, ${slide.src} ${slide.width}w`}
            sizes="(min-width: 1024px) 720px, 100vw"
            alt={count > 1 ? t('gallery.alt', { title, n: current + 1, count }) : title}
            width={slide.width}
            height={slide.height}
            draggable={false}
            {...(current === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy', decoding: 'async' })}
            className="h-full w-full object-cover"
          />
        </div>
        {many ? (
          <>
            <button type="button" aria-label={t('gallery.previous')} onClick={() => go(current - 1)} className={`${arrow} left-3`}>
              <ChevronLeft aria-hidden="true" className="h-6 w-6" />
            </button>
            <button type="button" aria-label={t('gallery.next')} onClick={() => go(current + 1)} className={`${arrow} right-3`}>
              <ChevronRight aria-hidden="true" className="h-6 w-6" />
            </button>
            <p
              aria-live="polite"
              aria-atomic="true"
              className="absolute right-3 bottom-3 rounded-full bg-slate-900/75 px-2.5 py-1 text-sm font-semibold text-white"
            >
              <span aria-hidden="true">
                {current + 1} / {count}
              </span>
              <span className="sr-only">{t('gallery.photo', { n: current + 1, count })}</span>
            </p>
          </>
        ) : null}
      </div>
      {many ? (
        <ul aria-label={t('gallery.thumbs')} className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {slides.map((s, i) => (
            <li key={s.key} className="shrink-0">
              <button
                type="button"
                aria-label={t('gallery.show', { n: i + 1, count })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                className={`block overflow-hidden rounded-lg border-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
                  i === current ? 'border-brand-700' : 'border-transparent hover:border-slate-300'
                }`}
              >
                <img
                  src={s.thumb}
                  alt=""
                  width={96}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                  className="h-16 w-24 bg-slate-100 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The header's shape while the property loads: the gallery's box and the facts card, so the room cards and the
 * footer are already below the fold when the property arrives and nothing visible moves (CLS 0).
 */
export function PropertyHeaderPlaceholder() {
  return (
    <div aria-hidden="true" className="mb-10 grid grid-cols-1 gap-6 lg:grid-cols-5 lg:items-start">
      <div className="aspect-[4/3] w-full animate-pulse rounded-2xl bg-slate-100 sm:aspect-[3/2] lg:col-span-3" />
      <div className="h-80 animate-pulse rounded-2xl border border-slate-200 bg-white lg:col-span-2" />
    </div>
  );
}
