import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { mockApi, ok, renderAt } from '../../../test/support';
import { RoomDocuments } from './RoomDocuments';

// A room's documents in Hindi (issue 27).
const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);
// The areas' Hindi catalogues, and the contract's Hindi messages that useMsg loads on its first Hindi render
// (loaded here, so that no screen below suspends).
function UseMsg() {
  useMsg();
  return null;
}
beforeAll(async () => {
  await preloadLocale('hi-IN');
  render(hindi(<UseMsg />)).unmount();
  await import('@kiraya/contract/localize');
}, 60_000);

it('lists a document with who uploaded it and when, in Hindi', async () => {
  mockApi({
    'GET /documents/room/r1': ok([
      {
        _id: 'd1',
        roomId: 'r1',
        name: 'Rent agreement.pdf',
        contentType: 'application/pdf',
        size: 245_760,
        uploadedBy: { _id: 'u1', fullName: 'Asha Owner', role: 'owner' },
        mine: true,
        createdAt: '2026-11-02T10:00:00.000Z',
        url: '/api/v1/documents/file/d1',
      },
    ]),
  });
  renderAt(hindi(<RoomDocuments roomId="r1" />));
  expect(await screen.findByRole('link', { name: 'Rent agreement.pdf देखें' })).toHaveTextContent('देखें');
  expect(screen.getByText('240 KB · आप (मकान मालिक) · 2 नवंबर 2026')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Rent agreement.pdf हटाएँ' })).toBeInTheDocument();
  expect(screen.getByText('PDF, JPG या PNG, 10 MB तक')).toBeInTheDocument();
});
