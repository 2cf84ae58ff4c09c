import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageDropzone } from './ImageDropzone';

const file = (name: string, size = 1000, type = 'image/png') => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47]);
  return new File([bytes], name, { type });
};

function Harness({ max }: { max?: number }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <>
      <ImageDropzone files={files} onChange={setFiles} max={max} label="Property images" />
      <output data-testid="count">{files.length}</output>
    </>
  );
}

let revoke: ReturnType<typeof vi.fn>;
beforeEach(() => {
  let n = 0;
  revoke = vi.fn();
  URL.createObjectURL = vi.fn(() => `blob:preview-${++n}`);
  URL.revokeObjectURL = revoke as unknown as typeof URL.revokeObjectURL;
});
afterEach(cleanup);

const input = () => document.querySelector('input[type=file]') as HTMLInputElement;

describe('ImageDropzone', () => {
  it('is a real multiple file input accepting JPEG, PNG and WEBP', () => {
    render(<Harness />);
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input().multiple).toBe(true);
    expect(screen.getByLabelText(/Property images: drag and drop/)).toBe(input());
  });

  it('refuses other types and files over 5 MB with the spec messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    await user.upload(input(), file('doc.gif', 100, 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.imageType);
    await user.upload(input(), file('big.png', 5_242_881));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.imageSize);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
    await user.upload(input(), file('exact.png', 5_242_880));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
  });

  it('shows previews with the size in MB, keeps at most 10, and revokes a removed preview', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), [file('one.png', 1_572_864), file('two.jpg', 1000, 'image/jpeg')]);
    expect(await screen.findByText('1.50 MB')).toBeInTheDocument();
    expect(screen.getByAltText('Preview of one.png')).toHaveAttribute('src', 'blob:preview-1');
    await user.click(screen.getByRole('button', { name: 'Remove one.png' }));
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.queryByAltText('Preview of one.png')).not.toBeInTheDocument();

    await user.upload(
      input(),
      Array.from({ length: 11 }, (_, i) => file(`f${i}.webp`, 10, 'image/webp')),
    );
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('10'));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.imageTooMany);
  });

  it('refuses at once, by name, a file that is not a photo whatever its name says (issue 19)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const text = new File(['just some notes'], 'notes.jpg', { type: 'image/jpeg' });
    await user.upload(input(), [text, file('ok.png')]);
    expect(await screen.findByRole('alert')).toHaveTextContent('"notes.jpg" is not a JPG, PNG or WebP photo.');
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.imageNotPhoto('notes.jpg'));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('1'));
    expect(screen.queryByAltText('Preview of notes.jpg')).toBeNull();
    // WebP by its RIFF....WEBP header is a photo.
    const webp = new File([new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0])], 'w.webp', {
      type: 'image/webp',
    });
    await user.upload(input(), webp);
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('2'));
  });

  it('refuses a file with a photo header that the browser cannot decode', async () => {
    vi.stubGlobal('createImageBitmap', async () => {
      throw new Error('InvalidStateError');
    });
    const user = userEvent.setup();
    render(<Harness />);
    await user.upload(input(), file('broken.png'));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.imageNotPhoto('broken.png'));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('0'));
    vi.unstubAllGlobals();
  });
});
