import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from './ToastHost';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const screenIs = (phone: boolean) =>
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: phone, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );

async function shown() {
  render(<ToastHost />);
  act(() => {
    toast.success('Signed in');
  });
  await screen.findByText('Signed in');
  return document.querySelector('[data-sonner-toaster]') as HTMLElement;
}

describe('toasts never cover the header (issue 19)', () => {
  it('sits top-right below the 64 px header on a desktop', async () => {
    screenIs(false);
    const host = await shown();
    expect(host).toHaveAttribute('data-y-position', 'top');
    expect(host).toHaveAttribute('data-x-position', 'right');
    expect(host.style.getPropertyValue('--offset-top')).toBe('80px');
  });

  it('sits along the bottom edge on a phone', async () => {
    screenIs(true);
    const host = await shown();
    expect(host).toHaveAttribute('data-y-position', 'bottom');
    expect(host.style.getPropertyValue('--mobile-offset-bottom')).toBe('16px');
  });
});
