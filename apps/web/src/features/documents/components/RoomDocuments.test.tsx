import '@testing-library/jest-dom/vitest';
import type { RoomDocument } from '@kiraya/contract/documents';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../../test/support';
import { checkDocumentFile, RoomDocuments } from './RoomDocuments';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const doc = (over: Partial<RoomDocument> = {}): RoomDocument => ({
  _id: 'd1',
  roomId: 'r1',
  name: 'Rent agreement.pdf',
  contentType: 'application/pdf',
  size: 245_760,
  uploadedBy: { _id: 'u1', fullName: 'Asha Owner', role: 'owner' },
  mine: false,
  createdAt: '2026-11-02T10:00:00.000Z',
  url: '/api/v1/documents/file/d1',
  ...over,
});

describe('RoomDocuments', () => {
  it('says "No documents uploaded" when the room has none', async () => {
    mockApi({ 'GET /documents/room/r1': ok([]) });
    renderAt(<RoomDocuments roomId="r1" />);
    expect(await screen.findByText(MSG.noDocuments)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.uploadDocuments })).toBeInTheDocument();
  });

  it('lists name, size, uploader, date and a View link; Delete only on my own documents', async () => {
    mockApi({
      'GET /documents/room/r1': ok([doc(), doc({ _id: 'd2', name: 'ID proof.png', mine: true, url: '/api/v1/documents/file/d2' })]),
    });
    renderAt(<RoomDocuments roomId="r1" />);
    const view = await screen.findByRole('link', { name: 'View Rent agreement.pdf' });
    expect(view).toHaveAttribute('href', '/api/v1/documents/file/d1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/240 KB · Asha Owner \(owner\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Rent agreement.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete ID proof.png' })).toBeInTheDocument();
  });

  it('uploads the chosen file as multipart field "document" and refreshes the list', async () => {
    let uploaded: FormData | null = null;
    mockApi({
      'GET /documents/room/r1': () => ok(uploaded ? [doc({ mine: true })] : []),
      'POST /documents/room/r1': (init) => {
        uploaded = init?.body as FormData;
        return ok(doc({ mine: true }), MSG.documentUploaded, 201);
      },
    });
    renderAt(<RoomDocuments roomId="r1" />);
    await screen.findByText(MSG.noDocuments);
    const file = new File([new Uint8Array(10)], 'lease.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText(MSG.uploadDocuments), file);
    await waitFor(() => expect((uploaded as FormData | null)?.get('document')).toBeInstanceOf(File));
    expect(await screen.findByRole('link', { name: 'View Rent agreement.pdf' })).toBeInTheDocument();
  });

  it('checks size and type in the browser with the server’s messages', () => {
    expect(checkDocumentFile(new File([new Uint8Array(10)], 'a.pdf', { type: 'application/pdf' }))).toBeNull();
    expect(checkDocumentFile(new File([new Uint8Array(10)], 'a.exe', { type: 'application/x-msdownload' }))).toBe(MSG.documentType);
    const big = new File([new Uint8Array(10)], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    expect(checkDocumentFile(big)).toBe(MSG.documentSize);
  });
});
