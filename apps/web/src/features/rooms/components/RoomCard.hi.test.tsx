import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { makeOccupiedRoom, makeRoom, mockFetch, renderAt } from '../../../test/support';
import { RoomCard } from './RoomCard';

// The rooms dashboard in Hindi (issue 27): the catalogue's words, the contract's values through it, Hindi dates.
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

it('shows an occupied room card in Hindi, with the move-in day in Hindi month names', async () => {
  const user = userEvent.setup();
  mockFetch(() => undefined);
  renderAt(hindi(<RoomCard room={makeOccupiedRoom({ roomNumber: '204', tenantType: 'Both', rentAmount: 12000 })} />));
  const header = await screen.findByRole('button', { name: /कमरा 204/ });
  expect(header).toHaveTextContent('किसके लिए: कोई भी');
  expect(header).toHaveTextContent('किराया: ₹12,000/माह');
  expect(within(header).getByText('किराए पर')).toHaveAttribute('data-tone', 'green');
  await user.click(header);
  expect(screen.getByRole('tab', { name: 'किरायेदार' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('मौजूदा किरायेदार')).toBeInTheDocument();
  expect(screen.getByText('15 सितंबर 2026')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'कमरा बदलें' })).toBeInTheDocument();
});

it('says a vacant room has no tenant, in Hindi', async () => {
  const user = userEvent.setup();
  mockFetch(() => undefined);
  renderAt(hindi(<RoomCard room={makeRoom({ roomNumber: '101', tenantType: 'Family' })} />));
  const header = await screen.findByRole('button', { name: /कमरा 101/ });
  expect(header).toHaveTextContent('परिवार');
  expect(within(header).getByText('खाली')).toBeInTheDocument();
  await user.click(header);
  expect(screen.getByText('अभी कोई किरायेदार नहीं')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'कमरा हटाएँ' })).toBeInTheDocument();
});
