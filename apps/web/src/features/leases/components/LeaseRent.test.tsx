import '@testing-library/jest-dom/vitest';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, owner, renderAt } from '../../../test/support';
import { WithLeaseRent } from './LeaseRent';

beforeEach(() => localStorage.setItem('user', JSON.stringify(owner)));
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const show = (rent: number | null) => <span data-testid="rent">{rent === null ? 'listed' : rent.toFixed(2)}</span>;

describe('WithLeaseRent', () => {
  it("hands over the lease's rent in force in rupees (the increment applied), the listed rent while it loads or without a tenancy", async () => {
    mockApi({
      'GET /leases/room/r1': ok({ roomId: 'r1', rentInForce: 1_260_050 }),
      'GET /leases/room/r2': fail(404, MSG.leaseNoTenancy),
    });
    renderAt(<WithLeaseRent roomId="r1">{show}</WithLeaseRent>);
    expect(screen.getByTestId('rent')).toHaveTextContent('listed');
    expect(await screen.findByText('12600.50')).toBeInTheDocument();
    cleanup();
    renderAt(<WithLeaseRent roomId="r2">{show}</WithLeaseRent>);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('rent')).toHaveTextContent('listed');
  });
});
