import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProperty, makeRoom, mockApi, ok, renderAt } from '../../../test/support';
import { PropertyRoomsPage, type ReportSlot } from './PropertyRoomsPage';

// The Report button's words are its own (the reports feature, in the page's language): the slot says what is reported.
const slot = (s: ReportSlot) => (
  <button type="button" data-target={`${s.targetType}:${s.targetId}:${s.ownerId}`} data-subject={s.subject}>
    {s.targetType === 'property' ? 'Report this listing' : 'Report this room'}
  </button>
);

describe('the property page (issue 26 items 1 and 5)', { timeout: 15_000 }, () => {
  it("shows the safety advice by the owner's details and a Report slot for the listing and each room", async () => {
    mockApi({
      'GET /properties/p1': ok(makeProperty({ _id: 'p1', owner: { _id: 'o1', username: 'ravi_owner', verified: false } })),
      'GET /rooms/p1': ok([makeRoom({ _id: 'r1', roomNumber: '101' }), makeRoom({ _id: 'r2', roomNumber: '102' })]),
    });
    renderAt(<PropertyRoomsPage renderReport={slot} />, { path: '/properties/:id', route: '/properties/p1' });
    expect(await screen.findByRole('complementary', { name: 'Safety advice' })).toHaveTextContent(
      'Stay safe: Never pay a deposit or token amount before you have seen the room and met the owner.',
    );
    expect(screen.getByRole('button', { name: 'Report this listing' })).toHaveAttribute('data-target', 'property:p1:o1');
    const rooms = await screen.findAllByRole('article');
    expect(within(rooms[0] as HTMLElement).getByRole('button', { name: 'Report this room' })).toHaveAttribute('data-target', 'room:r1:o1');
    expect(within(rooms[0] as HTMLElement).getByRole('button', { name: 'Report this room' })).toHaveAttribute('data-subject', 'Room 101');
    expect(within(rooms[1] as HTMLElement).getByRole('button', { name: 'Report this room' })).toHaveAttribute('data-target', 'room:r2:o1');
  });
});
