import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddPropertyWizard } from '../features/properties/components/AddPropertyWizard';
import { mockFetch, pngFile, renderAt } from '../test/support';
import { ConfirmDialog } from './ConfirmDialog';

/** Focus in Kiraya's dialogs and wizards (ADR 044): inside the dialog, on each new step's heading, back to the opener. */

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function WithOpener() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Properties</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Add Property
      </button>
      <AddPropertyWizard open={open} onOpenChange={setOpen} />
    </main>
  );
}

describe('focus in dialogs and wizards', { timeout: 30_000 }, () => {
  it('the property wizard: each step moves focus to its heading, Tab stays in the dialog, and Submit returns focus to the opener', async () => {
    const user = userEvent.setup();
    mockFetch((url) =>
      url.pathname.endsWith('/properties/add-new-property')
        ? { status: 201, body: { statusCode: 201, data: {}, message: 'ok', success: true } }
        : undefined,
    );
    renderAt(<WithOpener />);
    const opener = screen.getByRole('button', { name: 'Add Property' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    // The first step: its first field.
    expect(within(dialog).getByLabelText(/Property Name/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Property Name/), 'Green Nest');
    await user.type(screen.getByLabelText(/Amenities/), 'WiFi, Parking');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('heading', { name: /Step 2 of 4/ })).toHaveFocus();
    await user.type(screen.getByLabelText(/Street/), '5 Hill Road');
    await user.type(screen.getByLabelText(/^City/), 'Pune');
    await user.type(screen.getByLabelText(/^State/), 'Maharashtra');
    await user.type(screen.getByLabelText(/Pincode/), '411001');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('heading', { name: /Step 3 of 4/ })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Villa' }));
    await user.type(screen.getByLabelText(/Property Description/), 'Quiet villa');
    // Next becomes a Submit that waits for an image (disabled): focus goes to the new step's heading, not <body>.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const step4 = within(dialog).getByRole('heading', { name: /Step 4 of 4/ });
    expect(step4).toHaveFocus();
    // Tab walks the dialog's controls and comes back round, never to the page behind it.
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.upload(dialog.querySelector('input[type=file]') as HTMLInputElement, [pngFile('a.png')]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('a confirmation closed with Escape gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    function Confirm() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <ConfirmDialog open={open} onOpenChange={setOpen} onConfirm={() => setOpen(false)} />
        </>
      );
    }
    renderAt(<Confirm />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
