import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../lib/query';

afterEach(() => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
