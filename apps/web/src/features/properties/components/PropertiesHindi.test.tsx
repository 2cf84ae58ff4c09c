import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProperty, mockApi, ok, owner, renderApp, renderAt } from '../../../test/support';
import { OwnerPropertiesPage } from './OwnerPropertiesPage';
import { PublicPropertiesPage } from './PublicPropertiesPage';

// The property pages in Hindi (issue 27): words in Hindi, amounts as in English (₹, Latin digits), the user's words as typed.
describe('properties in Hindi', () => {
  it('the public list: heading, count, filters, badges and the rent', async () => {
    mockApi({
      'GET /properties/fetch-all-properties': ok(
        [
          makeProperty({
            title: 'Lotus Homes',
            rentAmount: 12500,
            propertyType: 'Independent House',
            owner: { _id: 'o1', username: 'ravi', verified: true },
          }),
        ],
        { meta: { page: 1, limit: 12, total: 1 } },
      ),
    });
    renderAt(<PublicPropertiesPage />, { path: '/properties', route: '/properties?city=Pune', locale: 'hi-IN' });
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रॉपर्टी' })).toBeInTheDocument();
    expect(await screen.findByText('1 प्रॉपर्टी मिली')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फ़िल्टर हटाएँ: शहर: Pune' })).toBeInTheDocument();
    expect(screen.getByLabelText('प्रॉपर्टी का प्रकार')).toHaveDisplayValue('कोई भी प्रकार');
    const card = screen.getByRole('article');
    expect(within(card).getByText('उपलब्ध')).toBeInTheDocument();
    expect(within(card).getByText('सत्यापित मकान मालिक')).toBeInTheDocument();
    expect(within(card).getByText('स्वतंत्र मकान')).toBeInTheDocument();
    expect(card).toHaveTextContent('₹12,500/माह से');
    expect(within(card).getByRole('link', { name: 'Lotus Homes देखें' })).toHaveTextContent('देखें');
  });

  it("the owner's list: heading, room counts and the actions", async () => {
    mockApi({
      'GET /users/get-current-user': ok(owner),
      'GET /properties/fetch-properties': ok([makeProperty({ title: 'Lotus Homes', roomCount: 3, vacantRoomCount: 1 })]),
    });
    renderApp(<OwnerPropertiesPage />, { route: '/OwnerDashboard/Properties', user: owner, locale: 'hi-IN' });
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रॉपर्टी डैशबोर्ड' })).toBeInTheDocument();
    expect(await screen.findByText('3 कमरे, 1 खाली')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'लिस्टिंग रोकें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lotus Homes बदलें' })).toBeInTheDocument();
  });
});
