import { toast as sonnerToast } from 'sonner';
import { MSG } from '@kiraya/contract/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SW_MESSAGES } from './pwaShared';

// sonner's toast is a spy for every test file (src/test/setup.ts).
const toast = vi.mocked(sonnerToast);

/** A stand-in for navigator.serviceWorker whose registration already has a new version waiting. */
function fakeServiceWorker({ controlled }: { controlled: boolean }) {
  const waiting = { postMessage: vi.fn() };
  const active = { postMessage: vi.fn() };
  const listeners: Record<string, () => void> = {};
  const reg = { waiting, active, installing: null, addEventListener: vi.fn(), update: vi.fn(async () => {}) };
  const container = {
    controller: controlled ? {} : null,
    register: vi.fn(async () => reg),
    ready: Promise.resolve(reg),
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] = fn;
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, waiting, active, listeners };
}

afterEach(() => {
  toast.mockReset();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerPwa (issue 27)', () => {
  it('registers /sw.js for the whole site and announces a waiting version with a Reload that lets it take over', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const sw = fakeServiceWorker({ controlled: true });
    const { registerPwa } = await import('./pwa');
    await registerPwa();
    expect(sw.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    await vi.waitFor(() => expect(toast).toHaveBeenCalled());
    const [text, options] = toast.mock.calls[0] as [string, { action: { label: string; onClick: () => void } }];
    expect(text).toBe(MSG.newVersionReady);
    expect(options.action.label).toBe('Reload');
    expect(sw.waiting.postMessage).not.toHaveBeenCalled();
    options.action.onClick();
    expect(sw.waiting.postMessage).toHaveBeenCalledWith({ type: SW_MESSAGES.skipWaiting });
    expect(sw.listeners.controllerchange).toBeTypeOf('function');
    // The worker is handed the app code this page loaded before it took control.
    expect(sw.active.postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: 'CACHE_URLS' }));
  });

  it('announces nothing on a first install (no page was controlled yet)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    fakeServiceWorker({ controlled: false });
    const { registerPwa } = await import('./pwa');
    await registerPwa();
    await new Promise((r) => setTimeout(r, 20));
    expect(toast).not.toHaveBeenCalled();
  });
});
