import { MSG } from '@kiraya/contract/messages';
import { REPORT_REASON_LABELS } from '@kiraya/contract/moderation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, owner, renderAt, tenant } from '../../../test/support';
import { ReportButton, type ReportButtonProps } from './ReportButton';

const listing: ReportButtonProps = {
  targetType: 'property',
  targetId: 'p1',
  subject: 'this listing',
  label: 'Report this listing',
  ownerId: 'o1',
};
const report = (over = {}) => ({
  _id: 'rep1',
  targetType: 'property',
  targetId: 'p1',
  reason: 'broker',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const signedIn = (who = tenant) => localStorage.setItem('user', JSON.stringify(who));
const renderButton = (props: ReportButtonProps = listing, route = '/properties/p1') =>
  renderAt(<ReportButton {...props} />, { path: '/properties/:id', route });

describe('Report (issue 26 item 1)', { timeout: 15_000 }, () => {
  it('asks for a reason, requires details for Other, sends the report and then reads "Reported"', async () => {
    const user = userEvent.setup();
    signedIn();
    let mine: unknown[] = [];
    const api = mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /reports/mine': () => ok(mine),
      'POST /reports': () => {
        mine = [report({ reason: 'other' })];
        return ok(mine[0], MSG.reportSent, 201);
      },
    });
    renderButton();
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    // Every reason of the contract is offered.
    for (const label of Object.values(REPORT_REASON_LABELS)) expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(MSG.reportReasonRequired)).toBeVisible();

    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(MSG.reportDetailsRequired)).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /Details/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Details/ }), '  Asked for ₹5,000 on UPI before showing the flat.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { targetType: 'property', targetId: 'p1', reason: 'other', details: 'Asked for ₹5,000 on UPI before showing the flat.' },
    ]);
    const done = await screen.findByRole('button', { name: MSG.reported });
    expect(done).toHaveAttribute('aria-disabled', 'true');
    await user.click(done);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server\'s 409 in the dialog ("already reported") and then reads "Reported"', async () => {
    const user = userEvent.setup();
    signedIn();
    let mine: unknown[] = [];
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /reports/mine': () => ok(mine),
      'POST /reports': () => {
        mine = [report()];
        return fail(409, MSG.reportDuplicate);
      },
    });
    renderButton();
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Broker posing as owner' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.reportDuplicate);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: MSG.reported })).toHaveAttribute('aria-disabled', 'true');
  });

  it('reads "Reported" when the caller already has an open report on it, not a closed one', async () => {
    signedIn();
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /reports/mine': ok([
        report({ targetId: 'p1', status: 'dismissed' }),
        report({ _id: 'rep2', targetType: 'room', targetId: 'r1' }),
      ]),
    });
    const view = renderButton();
    // A dismissed report on the listing does not count; an open one on a room of it is the room's.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Report this listing' })).not.toHaveAttribute('aria-disabled'));
    view.unmount();
    renderButton({ targetType: 'room', targetId: 'r1', subject: 'Room 1', label: 'Report this room', ownerId: 'o1', small: true });
    expect(await screen.findByRole('button', { name: MSG.reported })).toHaveAttribute('aria-disabled', 'true');
  });

  it('sends a visitor to sign in, told why, and opens the dialog when they come back', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /reports/mine': ok([]) });
    const view = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));
    const to = new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
    expect(to.pathname).toBe('/auth');
    expect(to.searchParams.get('why')).toBe('report');
    expect(to.searchParams.get('next')).toBe('/properties/p1#report-property-p1');
    view.unmount();

    // Signed in and back at the listing: the dialog is open.
    signedIn();
    mockApi({ 'GET /users/get-current-user': ok(tenant), 'GET /reports/mine': ok([]) });
    renderButton(listing, '/properties/p1#report-property-p1');
    expect(await screen.findByRole('dialog', { name: 'Report this listing' })).toBeVisible();
  });

  it("is not offered to the listing's owner", async () => {
    signedIn(owner);
    const api = mockApi({ 'GET /users/get-current-user': ok(owner) });
    renderButton({ ...listing, ownerId: owner._id });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/users/get-current-user')).toBe(true));
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(api.calls.some((c) => c.path === '/reports/mine')).toBe(false);
  });
});
