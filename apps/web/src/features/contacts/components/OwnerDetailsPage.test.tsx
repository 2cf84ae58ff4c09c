import '@testing-library/jest-dom/vitest';
import type { OwnerContact, RecentView } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderAt } from '../../../test/support';
import { OwnerDetailsPage } from './OwnerDetailsPage';
import { RecentViewsPage } from './RecentViewsPage';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const img = (n: number) => ({ _id: `i${n}`, url: `/uploads/${n}.webp`, thumbnailUrl: `/uploads/${n}-t.webp`, width: 640, height: 480 });
const contact = (over: Partial<OwnerContact> = {}): OwnerContact => ({
  _id: 'r1',
  owner: { _id: 'o1', username: 'priya_owner', fullName: 'Priya Raghavan', phoneNumber: '+919812017435', email: 'priya@kiraya.demo' },
  property: { _id: 'p1', title: 'Lotus Residency', street: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  room: {
    _id: 'r1',
    roomNumber: '101',
    roomType: '1BHK',
    tenantType: 'Both',
    floor: 2,
    rentAmount: 9250.5,
    maxOccupancy: 2,
    isFurnitured: true,
    hasAttachedBath: false,
    description: 'Corner room with a balcony.',
    images: [img(1), img(2), img(3)],
  },
  revealedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('OwnerDetails (B8)', () => {
  it('shows the empty state when nothing was revealed', async () => {
    mockApi({ 'GET /contacts/revealed': ok([]) });
    renderAt(<OwnerDetailsPage />);
    expect(await screen.findByText(MSG.noOwnerDetails)).toBeInTheDocument();
  });

  it('says so when the server fails', async () => {
    mockApi({ 'GET /contacts/revealed': fail(500, 'x') });
    renderAt(<OwnerDetailsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.ownerDetailsUnavailable);
  });

  it('lists each owner with a tel: and mailto: link, the property and the room facts', async () => {
    mockApi({ 'GET /contacts/revealed': ok([contact(), contact({ _id: 'r2', owner: { ...contact().owner, fullName: 'Arjun Mehta' } })]) });
    renderAt(<OwnerDetailsPage />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Priya Raghavan' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: '+91 98120 17435' })).toHaveAttribute('href', 'tel:+919812017435');
    expect(first.getByRole('link', { name: 'priya@kiraya.demo' })).toHaveAttribute('href', 'mailto:priya@kiraya.demo');
    expect(first.getByRole('heading', { name: 'Lotus Residency' })).toBeInTheDocument();
    expect(first.getByText(/12 MG Road, Pune, Maharashtra 411001/)).toBeInTheDocument();
    expect(first.getByText('₹9,250.50/month')).toBeInTheDocument();
    expect(first.getByText('Furnished')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByRole('heading', { name: 'Arjun Mehta' })).toBeInTheDocument();
  });

  it('has a carousel: previous/next wrap, counter, thumbnails, arrow keys, and a placeholder for a broken image', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /contacts/revealed': ok([contact()]) });
    renderAt(<OwnerDetailsPage />);
    const carousel = await screen.findByRole('region', { name: 'Lotus Residency, Room 101' });
    const c = within(carousel);
    expect(c.getByText('1 / 3')).toBeInTheDocument();
    expect(c.getByAltText('Lotus Residency, Room 101, 1 of 3')).toHaveAttribute('src', '/uploads/1.webp');
    await user.click(c.getByRole('button', { name: 'Next image' }));
    expect(c.getByText('2 / 3')).toBeInTheDocument();
    await user.click(c.getByRole('button', { name: 'Previous image' }));
    await user.click(c.getByRole('button', { name: 'Previous image' }));
    expect(c.getByText('3 / 3')).toBeInTheDocument();
    await user.click(c.getByRole('button', { name: 'Show image 2 of 3' }));
    expect(c.getByText('2 / 3')).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute('aria-current', 'true');
    carousel.focus();
    await user.keyboard('{ArrowRight}');
    expect(c.getByText('3 / 3')).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(c.getByText('1 / 3')).toBeInTheDocument();
    fireEvent.error(c.getByAltText('Lotus Residency, Room 101, 1 of 3'));
    expect(c.getByText('Image not available')).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(c.getByAltText('Lotus Residency, Room 101, 3 of 3')).toBeInTheDocument();
  });

  it('shows "No Image Available" for a room without images, and no carousel buttons', async () => {
    mockApi({ 'GET /contacts/revealed': ok([contact({ room: { ...contact().room, images: [] } })]) });
    renderAt(<OwnerDetailsPage />);
    expect(await screen.findByText('No Image Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
  });
});

describe('Recently Viewed Property (B8)', () => {
  const viewed = (id: string, title: string): RecentView => ({
    _id: id,
    title,
    city: 'Pune',
    state: 'Maharashtra',
    propertyType: 'Apartment/Flat',
    rentAmount: 8500,
    image: img(1),
    viewedAt: '2026-11-21T09:00:00.000Z',
  });

  it("lists the tenant's viewed properties in the server's order, each opening the tenant's property page", async () => {
    mockApi({ 'GET /tenant/recent-views': ok([viewed('p2', 'Second Home'), viewed('p1', 'First Home')]) });
    renderAt(<RecentViewsPage />);
    const links = await screen.findAllByRole('link', { name: /Home/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/TenantDashboard/Search/p2', '/TenantDashboard/Search/p1']);
    expect(links[0]).toHaveTextContent('From ₹8,500/month');
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /tenant/recent-views': ok([]) });
    renderAt(<RecentViewsPage />);
    expect(await screen.findByText(MSG.noRecentViews)).toBeInTheDocument();
  });
});
