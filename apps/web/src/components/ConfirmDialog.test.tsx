import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

afterEach(cleanup);

function Harness({ busy = false, onConfirm = () => {} }: { busy?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <output data-testid="open">{String(open)}</output>
      <ConfirmDialog open={open} onOpenChange={setOpen} onConfirm={onConfirm} busy={busy} />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks for confirmation and closes on Escape and Cancel when idle', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Deletion' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this item? This action cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('open')).toHaveTextContent('false');
  });

  it('while busy shows "Deleting...", disables the buttons and ignores Escape', async () => {
    const user = userEvent.setup();
    render(<Harness busy />);
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('open')).toHaveTextContent('true');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
