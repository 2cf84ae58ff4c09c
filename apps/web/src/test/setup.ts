import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { setMessageTransform } from '../lib/i18n';
import { queryClient } from '../lib/query';
import { contractDrift } from './drift';

// `findBy…` and `waitFor` give up after 1 s by default: on a loaded CI host a lazy route or a catalogue chunk has
// taken longer. Waiting longer costs nothing when the element is there at once.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  const drift = contractDrift.splice(0);
  cleanup();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A stubbed answer the contract's response schema refuses (test/support.tsx) is reported after the test that
  // stubbed it; with KIRAYA_STRICT_STUBS=1 it fails that test.
  if (drift.length > 0) {
    const text = `Stubs drifted from the API contract:\n${[...new Set(drift)].join('\n')}`;
    if (process.env.KIRAYA_STRICT_STUBS === '1') throw new Error(text);
    console.warn(text);
  }
});

// jsdom lacks these; sonner and focus code touch them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom decodes no images: every picked photo decodes unless a test stubs createImageBitmap to refuse.
if (typeof globalThis.createImageBitmap !== 'function') {
  globalThis.createImageBitmap = (async () => ({ width: 1, height: 1, close: () => {} })) as unknown as typeof createImageBitmap;
}

// Every area's English texts are loaded before a test renders (issue 27, ADR 039): a component would otherwise
// suspend on its first render while its catalogue chunk loads. Areas register when their modules are imported.
import { beforeAll as beforeAllI18n } from 'vitest';
import { preloadLocale } from '../lib/i18n';
beforeAllI18n(() => preloadLocale('en-IN'));

// sonner's toast, in every test file, is a spy that still shows the toast: a test asserts what was said
// (`vi.mocked(toast).success`), and a page with a <Toaster /> still shows it. One mock for the whole run, so
// test files can share a worker (`isolate: false`, ADR 040); calls are cleared after each test.
vi.mock('sonner', async (importOriginal) => {
  // The factory runs again for each file, while modules imported by an earlier file keep the sonner they got:
  // one instance for the worker, so every file's spies are the ones its components call.
  const g = globalThis as { __kirayaSonner?: typeof import('sonner') };
  if (g.__kirayaSonner) return g.__kirayaSonner;
  const real = await importOriginal<typeof import('sonner')>();
  const spy = <F extends (...args: never[]) => unknown>(f: F) => vi.fn(f);
  const toast = Object.assign(spy(real.toast), {
    ...Object.fromEntries(
      Object.entries(real.toast).map(([k, v]) => [k, typeof v === 'function' ? spy(v as (...args: never[]) => unknown) : v]),
    ),
  }) as unknown as typeof real.toast;
  g.__kirayaSonner = { ...real, toast };
  return g.__kirayaSonner;
});
afterEach(() => {
  vi.clearAllMocks();
});

// What one test file may leave behind for the next in the same worker (`isolate: false`, ADR 040): the
// pseudo-locale's rewrite, the page's language, the language cookie and anything rendered outside React's root.
afterAll(() => {
  setMessageTransform(null);
  document.documentElement.lang = '';
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store; the app itself sets the cookie so
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});
