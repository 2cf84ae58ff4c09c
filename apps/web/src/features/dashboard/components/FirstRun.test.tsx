import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProperty, mockApi, ok, owner, renderAt, tenant } from '../../../test/support';
import { OwnerHome } from './OwnerHome';
import { TenantHome } from './TenantHome';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('first-run guidance', () => {
  it('a new owner is told to add a property first, with that as the primary action, and no tiles', async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    mockApi({ 'GET /properties/fetch-properties': ok([]), 'GET /users/get-current-user': ok(owner) });
    renderAt(<OwnerHome />);
    expect(await screen.findByRole('heading', { name: 'Get started in three steps' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first property' })).toHaveAttribute('href', '/OwnerDashboard/Properties?add=1');
    expect(screen.queryByRole('link', { name: /^Billings/ })).toBeNull();
  });

  it('an owner with a property but no rooms is led to add rooms; tiles are back', async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    const p = makeProperty({ roomCount: 0, vacantRoomCount: 0 });
    mockApi({ 'GET /properties/fetch-properties': ok([p]), 'GET /users/get-current-user': ok(owner), 'GET /contacts/asked': ok([]) });
    renderAt(<OwnerHome />);
    expect(await screen.findByRole('link', { name: 'Add rooms' })).toHaveAttribute('href', `/OwnerDashboard/rooms/${p._id}`);
    expect(screen.getByRole('link', { name: /^Billings/ })).toBeInTheDocument();
  });

  it('an owner with a let room sees the spec’s tiles only', async () => {
    localStorage.setItem('user', JSON.stringify(owner));
    mockApi({
      'GET /properties/fetch-properties': ok([makeProperty({ roomCount: 2, vacantRoomCount: 1 })]),
      'GET /users/get-current-user': ok(owner),
      'GET /contacts/asked': ok([]),
    });
    renderAt(<OwnerHome />);
    expect(await screen.findByRole('link', { name: /^Statistics/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /steps/ })).toBeNull();
  });

  it('a new tenant (no rooms, no reveals) is told to search and reveal an owner', async () => {
    localStorage.setItem('user', JSON.stringify({ ...tenant, incomingRequests: [] }));
    mockApi({
      'GET /users/get-current-user': ok({ ...tenant, incomingRequests: [] }),
      'GET /tenant/room-details': ok([]),
      'GET /contacts/revealed': ok([]),
    });
    renderAt(<TenantHome />);
    expect(await screen.findByRole('heading', { name: 'Find your room' })).toBeInTheDocument();
    expect(screen.getByText("2. Reveal an owner's number")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search properties' })).toHaveAttribute('href', '/TenantDashboard/Search');
  });
});
