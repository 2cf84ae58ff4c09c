import type { OwnerContact, RecentView } from '@kiraya/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { mockApi, ok, renderAt } from '../../../test/support';
import { OwnerDetailsPage } from './OwnerDetailsPage';
import { RecentViewsPage } from './RecentViewsPage';

// Owner Details and Recently Viewed Property in Hindi (issue 27): facts, contract labels keyed by their constant,
// Hindi dates with Latin digits, money as in English.
const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);
function Warm() {
  useMsg();
  return null;
}
beforeAll(async () => {
  await preloadLocale('hi-IN');
  await act(async () => {
    render(hindi(<Warm />));
    await import('@kiraya/contract/localize');
    await new Promise((r) => setTimeout(r, 0));
  });
  cleanup();
});

const img = (n: number) => ({ _id: `i${n}`, url: `/uploads/${n}.webp`, thumbnailUrl: `/uploads/${n}-t.webp`, width: 640, height: 480 });
const contact: OwnerContact = {
  _id: 'r1',
  owner: { _id: 'o1', username: 'priya_owner', fullName: 'Priya Raghavan', phoneNumber: '+919812017435', email: 'priya@kiraya.demo' },
  property: { _id: 'p1', title: 'Lotus Residency', street: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
  room: {
    _id: 'r1',
    roomNumber: '101',
    roomType: '1BHK',
    tenantType: 'Family',
    floor: 0,
    rentAmount: 9250.5,
    maxOccupancy: 2,
    isFurnitured: true,
    hasAttachedBath: false,
    description: 'Corner room with a balcony.',
    images: [img(1), img(2)],
  },
  revealedAt: '2026-11-20T10:00:00.000Z',
};

describe('Contacts in Hindi', () => {
  it('Owner Details: heading, the date asked, facts and the carousel in Hindi', async () => {
    mockApi({ 'GET /contacts/revealed': ok([contact]) });
    renderAt(hindi(<OwnerDetailsPage />));
    const card = within(await screen.findByRole('article', { name: 'Lotus Residency, कमरा 101' }));
    expect(screen.getByRole('heading', { level: 1, name: 'मकान मालिकों के संपर्क' })).toBeInTheDocument();
    expect(card.getByText('Lotus Residency के मकान मालिक · 20 नवंबर 2026 को नंबर माँगा')).toBeInTheDocument();
    expect(card.getByText('₹9,250.50/माह')).toBeInTheDocument();
    for (const text of ['ग्राउंड फ़्लोर', 'परिवार', 'फ़र्नीचर के साथ', 'अटैच्ड नहीं', 'किसके लिए']) expect(card.getByText(text)).toBeInTheDocument();
    expect(card.getByAltText('Lotus Residency, कमरा 101, 2 में से फ़ोटो 1')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'अगली फ़ोटो' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: '2 में से फ़ोटो 2 दिखाएँ' })).toBeInTheDocument();
  });

  it('Recently Viewed Property: the property type by its constant, rent and the day viewed in Hindi', async () => {
    const viewed: RecentView = {
      _id: 'p2',
      title: 'Second Home',
      city: 'Pune',
      state: 'Maharashtra',
      propertyType: 'Independent House',
      rentAmount: 8500,
      image: null,
      viewedAt: '2026-11-21T09:00:00.000Z',
    };
    mockApi({ 'GET /tenant/recent-views': ok([viewed]) });
    renderAt(hindi(<RecentViewsPage />));
    const link = await screen.findByRole('link', { name: /Second Home/ });
    expect(link).toHaveTextContent('₹8,500/माह से शुरू');
    expect(link).toHaveTextContent('स्वतंत्र मकान');
    expect(link).toHaveTextContent('21 नवंबर 2026 को देखी');
    expect(link).toHaveTextContent('कोई फ़ोटो नहीं है');
    expect(screen.getByRole('heading', { level: 1, name: 'हाल में देखी गई प्रॉपर्टी' })).toBeInTheDocument();
  });
});
