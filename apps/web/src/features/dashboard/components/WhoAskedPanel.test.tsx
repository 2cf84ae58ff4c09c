import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../../test/support';
import { WhoAskedPanel } from './WhoAskedPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('lists who asked for the number by full name and username, with the room; or says nobody did', async () => {
  mockApi({
    'GET /contacts/asked': ok([
      {
        _id: 'x1',
        tenant: { _id: 't1', username: 'rahul_t', fullName: 'Rahul Verma' },
        room: { _id: 'r1', roomNumber: '101' },
        property: { _id: 'p1', title: 'Lotus Residency' },
        revealedAt: '2026-11-20T10:00:00.000Z',
      },
    ]),
  });
  const view = renderAt(<WhoAskedPanel />);
  expect(await screen.findByText('Rahul Verma')).toBeInTheDocument();
  expect(screen.getByText('@rahul_t')).toBeInTheDocument();
  expect(screen.getByText('Lotus Residency, Room 101')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Who asked for your number' })).toBeInTheDocument();
  view.unmount();
  vi.unstubAllGlobals();
  mockApi({ 'GET /contacts/asked': ok([]) });
  renderAt(<WhoAskedPanel />);
  expect(await screen.findByText(MSG.noOneAsked)).toBeInTheDocument();
});
