import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Property, Room } from '@kiraya/contract';
import { PROPERTY_TYPE_HI } from '@kiraya/contract/property-types.hi-IN';
import { formatRent, formatRupees } from '@kiraya/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { DEFAULT_LOCALE, isLocale, LOCALE_PARAM, type Locale, OG_LOCALES } from '@kiraya/contract/locales';
import { LANGUAGE_VARY, localeKey, publicCacheFor, sendPublic } from './public-cache.js';

/**
 * Server rendering of the public listing pages (ADR 015): /properties (every filter and page in the URL) and
 * /properties/{id} are rendered by the web app's own components from `vite build --ssr src/entry-server.tsx`
 * (apps/web/dist-render), with their data loaded through this app's public API, and answered with the
 * dehydrated query cache and the listing's metadata. The HTML is kept in the public read cache (ADR 007), so
 * it carries an ETag and is dropped by every write. Without the bundle the pages stay the client-side shell.
 */
type Load = (url: string) => Promise<{ status: number; body: { data?: unknown; meta?: unknown } }>;
type Rendered = { status: number; html: string; state: string; data: { property?: Property; rooms?: Room[]; list?: unknown } };
type Renderer = { render: (url: string, load: Load, locale: Locale) => Promise<Rendered> };

/** The few words of a page's head the server writes itself, per language (ADR 039). */
const HEAD_TEXT = {
  'en-IN': {
    in: 'in',
    from: 'from',
    rent: formatRent,
    summary: (type: string, place: string) => `${type} in ${place}.`,
    list: 'Rooms and properties for rent',
    listIn: (city: string) => `Rooms and properties for rent in ${city}`,
    listDescription: (city: string | null) =>
      `Rooms${city ? ` in ${city}` : ''} listed directly by their owners on Kiraya. No brokers, no brokerage.`,
    notFoundTitle: 'Listing not found | Kiraya',
    notFoundDescription: 'This listing is paused or no longer on Kiraya.',
  },
  'hi-IN': {
    in: 'में',
    from: 'से शुरू',
    // As the Hindi property page writes a rent and a type (web: features/rooms/i18n/public/hi-IN.json).
    rent: (rupees: number) => `${formatRupees(rupees)}/माह`,
    summary: (type: string, place: string) => `${place} में ${(PROPERTY_TYPE_HI as Partial<Record<string, string>>)[type] ?? type}।`,
    list: 'किराए के लिए कमरे और प्रॉपर्टी',
    listIn: (city: string) => `${city} में किराए के लिए कमरे और प्रॉपर्टी`,
    listDescription: (city: string | null) =>
      `${city ? `${city} में ` : ''}मकान मालिकों के सीधे लिस्ट किए गए कमरे, Kiraya पर। कोई ब्रोकर नहीं, कोई ब्रोकरेज नहीं।`,
    notFoundTitle: 'लिस्टिंग नहीं मिली | Kiraya',
    notFoundDescription: 'यह लिस्टिंग रोकी गई है या अब Kiraya पर नहीं है।',
  },
} as const;

/**
 * The language of a public page (ADR 039): `?lang=` names it for crawlers and shared links (each language has
 * its own URL, the hreflang alternates); without it the page follows the caller (user, cookie, Accept-Language)
 * and varies on those headers.
 */
export function pageLocale(search: URLSearchParams, callerLocale: Locale): { locale: Locale; explicit: boolean } {
  const param = search.get(LOCALE_PARAM);
  return isLocale(param) ? { locale: param, explicit: true } : { locale: callerLocale, explicit: false };
}

/** The address of a page in a language: English has none of `?lang=`, Hindi ends with it. */
export function localeUrl(base: string, path: string, search: URLSearchParams, locale: Locale): string {
  const q = new URLSearchParams(search);
  q.delete(LOCALE_PARAM);
  if (locale !== 'en-IN') q.set(LOCALE_PARAM, locale);
  const qs = q.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * hreflang alternates, `og:locale` and the canonical address of a page in `locale`. `explicit` is false when the
 * address has no `?lang=` and the caller's cookie or Accept-Language chose the language: a Hindi page answered at
 * the English address keeps its canonical link (the Hindi address) but names no alternates, which would call that
 * address the English page (a canonical pointing to another hreflang location, rejected by search engines and
 * Lighthouse; the landing page does the same, app.ts `withoutAlternates`).
 */
export function languageTags(
  base: string,
  path: string,
  search: URLSearchParams,
  locale: Locale,
  explicit = true,
): { canonical: string; tags: string } {
  const en = localeUrl(base, path, search, 'en-IN');
  const hi = localeUrl(base, path, search, 'hi-IN');
  const alternates = explicit || locale === DEFAULT_LOCALE;
  const tags = [
    ...(alternates
      ? [
          `<link rel="alternate" hreflang="en-IN" href="${esc(en)}" />`,
          `<link rel="alternate" hreflang="hi-IN" href="${esc(hi)}" />`,
          `<link rel="alternate" hreflang="x-default" href="${esc(en)}" />`,
        ]
      : []),
    `<meta property="og:locale" content="${OG_LOCALES[locale]}" />`,
    `<meta property="og:locale:alternate" content="${OG_LOCALES[locale === 'en-IN' ? 'hi-IN' : 'en-IN']}" />`,
  ].join('\n    ');
  return { canonical: locale === 'en-IN' ? en : hi, tags };
}

export const RENDERED_PATH = /^\/properties(?:\/[^/?]+)?\/?$/;

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": '#39' }[c]};`);
/** JSON-LD inside <script>: nothing that could close the element. */
const ldJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
const abs = (base: string, url: string) => (/^https?:\/\//.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

export type Head = { title: string; description: string; canonical: string; robots?: string; extra?: string; locale?: Locale };

/** The title, description, canonical URL, Open Graph / Twitter tags and JSON-LD of one listing. */
export function propertyHead(base: string, p: Property, rooms: Room[], locale: Locale = 'en-IN', explicit = true): Head {
  const words = HEAD_TEXT[locale];
  const path = `/properties/${encodeURIComponent(p._id)}`;
  const lang = languageTags(base, path, new URLSearchParams(), locale, explicit);
  const url = lang.canonical;
  const rents = rooms.map((r) => r.rentAmount);
  const lowest = rents.length ? Math.min(...rents) : p.rentAmount;
  const image = p.images[0]?.url ?? p.propertyImages[0] ?? rooms.find((r) => r.images[0])?.images[0]?.url;
  const place = `${p.city}, ${p.state}`;
  const title =
    locale === 'en-IN'
      ? `${p.title} ${words.in} ${place}${lowest != null ? ` ${words.from} ${words.rent(lowest)}` : ''} | Kiraya`
      : `${p.title}, ${place}${lowest != null ? `, ${words.rent(lowest)} ${words.from}` : ''} | Kiraya`;
  const description = clip(`${words.summary(p.propertyType, place)} ${p.description}`.replace(/\s+/g, ' ').trim(), 160);
  const vacant = rooms.some((r) => r.roomStatus === 'vacant');
  const ld = {
    '@context': 'https://schema.org',
    '@type':
      p.propertyType.toLowerCase().includes('apartment') || p.propertyType.toLowerCase().includes('flat') ? 'Apartment' : 'Accommodation',
    name: p.title,
    description: p.description,
    url,
    ...(image ? { image: abs(base, image) } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: p.street,
      addressLocality: p.city,
      addressRegion: p.state,
      postalCode: p.pincode,
      addressCountry: 'IN',
    },
    ...(p.amenities.length
      ? { amenityFeature: p.amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })) }
      : {}),
    ...(lowest != null
      ? {
          offers: {
            '@type': 'Offer',
            price: lowest,
            priceCurrency: 'INR',
            availability: vacant ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            url,
          },
        }
      : {}),
  };
  const og: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', 'Kiraya'],
    ['og:title', title],
    ['og:description', description],
    ['og:url', url],
    ...(image ? ([['og:image', abs(base, image)]] as [string, string][]) : []),
  ];
  const tw: [string, string][] = [
    ['twitter:card', image ? 'summary_large_image' : 'summary'],
    ['twitter:title', title],
    ['twitter:description', description],
    ...(image ? ([['twitter:image', abs(base, image)]] as [string, string][]) : []),
  ];
  const extra = [
    lang.tags,
    ...og.map(([k, v]) => `<meta property="${k}" content="${esc(v)}" />`),
    ...(lowest != null
      ? [`<meta property="product:price:amount" content="${lowest}" />`, '<meta property="product:price:currency" content="INR" />']
      : []),
    ...tw.map(([k, v]) => `<meta name="${k}" content="${esc(v)}" />`),
    `<script type="application/ld+json">${ldJson(ld)}</script>`,
  ].join('\n    ');
  return { title, description, canonical: url, extra };
}

const LIST_PARAMS = ['q', 'city', 'state', 'propertyType', 'minRent', 'maxRent', 'sort', 'page'] as const;

/** The list page's head: the canonical URL keeps the filters and page, which change what it shows. */
export function listHead(base: string, search: URLSearchParams, locale: Locale = 'en-IN', explicit = true): Head {
  const words = HEAD_TEXT[locale];
  const city = search.get('city');
  // Only the list's own parameters (tracking parameters and the like would make duplicate URLs).
  const kept = new URLSearchParams();
  for (const k of LIST_PARAMS) {
    const v = search.get(k);
    if (v) kept.set(k, v);
  }
  const lang = languageTags(base, '/properties', kept, locale, explicit);
  return {
    title: `${city ? words.listIn(city) : words.list} | Kiraya`,
    description: words.listDescription(city),
    canonical: lang.canonical,
    extra: lang.tags,
  };
}

/** Puts the rendered app, its state and its head into the shell (dist/app.html). */
export function fillShell(shell: string, head: Head, html = '', state = ''): string {
  const tags = [
    `<link rel="canonical" href="${esc(head.canonical)}" />`,
    head.robots ? `<meta name="robots" content="${esc(head.robots)}" />` : '',
    head.extra ?? '',
  ]
    .filter(Boolean)
    .join('\n    ');
  // Replacer functions only: a replacement string would read `$&`, `$\``, `$'` and `$1` in listing data or
  // the query as patterns (issue 18: 40 copies of `$\`` in ?city= made a 100 MB page).
  return (
    shell
      .replace(/<html lang="[^"]*"/, () => `<html lang="${head.locale ?? 'en-IN'}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${esc(head.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${esc(head.description)}" />`)
      .replace('</head>', () => `    ${tags}\n  </head>`)
      // The Devanagari font's marker (web build, scripts/prerender.mjs): asked for with the head of a Hindi page only.
      .replace(/<!--hindi-font:(\/assets\/[\w.-]+\.woff2)-->/, (_, href: string) =>
        head.locale === 'hi-IN' ? `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin />` : '',
      )
      .replace(/<div id="root"><\/div>/, () => `<div id="root">${html}</div>${state}`)
  );
}

export function registerRender(app: FastifyInstance, db: Db, config: Config, dist: string, shellFile: string): void {
  const bundle = join(dist, '..', 'dist-render', 'entry-server.js');
  if (!existsSync(bundle)) return;
  let renderer: Promise<Renderer> | undefined;
  const shell = readFileSync(join(dist, shellFile), 'utf8');
  const cache = publicCacheFor(db);
  const base = config.publicUrl;
  // The page's data comes from the public API as a visitor sees it (and from its cache).
  const load: Load = async (url) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : {} };
  };

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    renderer ??= import(pathToFileURL(bundle).href) as Promise<Renderer>;
    const { render } = await renderer;
    const url = req.url;
    const u = new URL(url, 'http://x');
    const { locale, explicit } = pageLocale(u.searchParams, req.locale);
    const words = HEAD_TEXT[locale];
    // A paused, hidden or deleted listing: 404 with noindex, and the page the app renders for it ("This listing
    // is not available") in the HTML, so a visitor reads it at once instead of a blank page until the app runs.
    const notFound = (html = '', state = '') =>
      reply
        .status(404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(
          fillShell(
            shell,
            {
              title: words.notFoundTitle,
              description: words.notFoundDescription,
              canonical: `${base}${u.pathname}`,
              robots: 'noindex',
              locale,
            },
            html,
            state,
          ),
        );
    const key = `ssr:${localeKey(url, locale)}`;
    const hit = cache.pages.get(key);
    if (hit) return sendPublic(cache, req, reply, key, async () => hit);
    const generation = cache.generation;
    let out: Rendered;
    try {
      out = await render(url, load, locale);
    } catch (err) {
      // A rendering failure costs the visitor the server-rendered HTML, never the page: the app renders it.
      req.log.error({ err }, 'server rendering failed; sent the app shell');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
    }
    if (out.status !== 200 && u.pathname !== '/properties') return notFound(out.html, out.state);
    if (out.status !== 200) {
      // The list could not be loaded (a bad filter): the client app shows its own message.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
    }
    const head = out.data.property
      ? propertyHead(base, out.data.property, out.data.rooms ?? [], locale, explicit)
      : listHead(base, u.searchParams, locale, explicit);
    const body = fillShell(shell, { ...head, locale }, out.html, out.state);
    // Without `?lang=` the page follows the caller's headers: shared caches must keep one copy per language.
    const vary = explicit ? undefined : LANGUAGE_VARY;
    // Stored only if no write happened while the page was rendered (same rule as the API reads).
    if (cache.generation === generation)
      return sendPublic(cache, req, reply, key, async () => ({ body, type: 'text/html; charset=utf-8', ...(vary ? { vary } : {}) }));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(body);
  };
  app.get('/properties', { schema: { hide: true } }, handler);
  app.get('/properties/:id', { schema: { hide: true } }, handler);
}
