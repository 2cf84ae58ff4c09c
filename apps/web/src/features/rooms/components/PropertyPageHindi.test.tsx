import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProperty, makeRoom, mockApi, ok, renderAt } from '../../../test/support';
import { PropertyRoomsPage } from './PropertyRoomsPage';

// The public property page in Hindi (issue 27): Hindi words, a Hindi date with Latin digits, ₹ amounts as in English.
describe('the property page in Hindi', () => {
  it('shows the facts, the listing date and the room cards in Hindi', async () => {
    const property = makeProperty({ _id: 'p1', title: 'Lotus Homes', propertyType: 'Villa', createdAt: '2026-11-01T10:00:00.000Z' });
    mockApi({
      'GET /properties/p1': ok(property),
      'GET /rooms/p1': ok([makeRoom({ propertyId: 'p1', roomNumber: '101', rentAmount: 12500, floor: 0, tenantType: 'Both' })]),
    });
    renderAt(<PropertyRoomsPage />, { path: '/properties/:id', route: '/properties/p1', locale: 'hi-IN' });
    expect(await screen.findByRole('heading', { level: 2, name: 'इस प्रॉपर्टी के बारे में' })).toBeInTheDocument();
    expect(screen.getByText('1 नवंबर 2026 से लिस्टेड')).toBeInTheDocument();
    expect(screen.getByText('विला')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'सभी प्रॉपर्टी' })).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { name: 'कमरा 101' })).toBeInTheDocument();
    expect(within(card).getByText('भूतल')).toBeInTheDocument();
    expect(within(card).getByText('कोई भी')).toBeInTheDocument();
    expect(within(card).getByText('₹12,500/माह')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'फ़ोन नंबर पाएँ' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lotus Homes की फ़ोटो' })).toBeInTheDocument();
  });
});
