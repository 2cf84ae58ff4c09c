import '@testing-library/jest-dom/vitest';
import { chipText } from '@kiraya/contract/constants';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProperty, mockFetch, ok, renderAt } from '../../../test/support';
import { OwnerPropertyCard } from './OwnerPropertyCard';
import { addressLine } from './PropertyCardParts';
import { PublicPropertyCard } from './PublicPropertyCard';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('property cards', () => {
  it('cuts amenity chips at 15 characters plus an ellipsis', () => {
    expect(chipText('Swimming pool with deck')).toBe('Swimming pool w...');
    expect(chipText('Exactly15chars!')).toBe('Exactly15chars!');
    mockFetch(() => undefined);
    renderAt(<PublicPropertyCard property={makeProperty({ amenities: ['24x7 Power backup and inverter', 'Lift'] })} />);
    const chips = within(screen.getByRole('list', { name: 'Amenities' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['24x7 Power back...', 'Lift']);
  });

  it('shows badges, placeholders and the owner username only', () => {
    mockFetch(() => undefined);
    const p = makeProperty({
      isAvailable: false,
      isFullyRented: true,
      images: [],
      propertyImages: [],
      description: '  ',
      propertyType: '',
    });
    renderAt(<PublicPropertyCard property={p} />);
    expect(screen.getByText('Not Available')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('Fully Rented')).toBeInTheDocument();
    expect(screen.getByText('No Image Available')).toBeInTheDocument();
    expect(screen.getByText('No description provided')).toBeInTheDocument();
    expect(screen.getByText(/N\/A/)).toBeInTheDocument();
    expect(screen.getByText('ravi_owner')).toBeInTheDocument();
    expect(screen.getByText(/from/)).toHaveTextContent('from ₹8,500/month');
  });

  it('joins the address line and skips empty parts', () => {
    expect(addressLine({ street: '12 MG Road', landmark: '', city: 'Pune', state: 'Maharashtra', pincode: '411001' })).toBe(
      '12 MG Road, Pune, Maharashtra, 411001',
    );
  });

  it('View goes to /properties/{id} when logged out', () => {
    mockFetch(() => undefined);
    renderAt(<PublicPropertyCard property={makeProperty({ _id: 'abc' })} />);
    expect(screen.getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/properties/abc');
  });

  it('View goes to /TenantDashboard/Search/{id} for a signed-in tenant', async () => {
    const tenant = { _id: 't1', role: 'tenant', username: 'tina', fullName: 'Tina Tenant' };
    localStorage.setItem('user', JSON.stringify(tenant));
    mockFetch((url) => (url.pathname.endsWith('/users/get-current-user') ? ok(tenant) : undefined));
    renderAt(<PublicPropertyCard property={makeProperty({ _id: 'abc' })} />);
    await waitFor(() => expect(screen.getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/TenantDashboard/Search/abc'));
  });

  it('owner card: Available and Paused badges, edit link, delete and pause controls', () => {
    mockFetch(() => undefined);
    const onDelete = vi.fn();
    const onTogglePause = vi.fn();
    const p = makeProperty({ _id: 'p9', title: 'Lake House', isPaused: true, isAvailable: true });
    renderAt(<OwnerPropertyCard property={p} onDelete={onDelete} onTogglePause={onTogglePause} />);
    expect(screen.getByText('Available')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Lake House' })).toHaveAttribute('href', '/OwnerDashboard/edit-property/p9');
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/OwnerDashboard/rooms/p9');
    screen.getByRole('button', { name: 'Delete Lake House' }).click();
    expect(onDelete).toHaveBeenCalledWith(p);
    screen.getByRole('button', { name: 'Resume listing' }).click();
    expect(onTogglePause).toHaveBeenCalledWith(p);
  });
});
