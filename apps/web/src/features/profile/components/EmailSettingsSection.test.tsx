import { MSG } from '@kiraya/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, owner, renderApp } from '../../../test/support';
import { EmailSettingsSection } from './EmailSettingsSection';

const ALL_ON = { reminders: true, payments: true, messages: true, invitations: true, summaries: false };

describe('Profile: email notifications (issue 25)', { timeout: 15_000 }, () => {
  it('shows each category and switches one off with only that field', async () => {
    const api = mockApi({
      'GET /users/email-settings': ok(ALL_ON),
      'PUT /users/email-settings': ok({ ...ALL_ON, messages: false }, MSG.emailPrefsSaved),
    });
    const user = userEvent.setup();
    renderApp(<EmailSettingsSection userRole="owner" />, { route: '/OwnerDashboard/Profile', user: owner });
    const box = await screen.findByRole('checkbox', { name: /Messages/ });
    expect(box).toBeChecked();
    // Five categories for an owner: the daily summary too, off until switched on.
    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.getByRole('checkbox', { name: /Daily summary/ })).not.toBeChecked();
    await user.click(box);
    expect(box).not.toBeChecked();
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/users/email-settings' && c.method === 'PUT')?.body).toEqual({ messages: false }),
    );
  });

  it("offers a tenant no daily summary (it sums up an owner's rooms)", async () => {
    mockApi({ 'GET /users/email-settings': ok(ALL_ON) });
    renderApp(<EmailSettingsSection userRole="tenant" />, { route: '/TenantDashboard/Profile', user: owner });
    await screen.findByRole('checkbox', { name: /Messages/ });
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    expect(screen.queryByRole('checkbox', { name: /Daily summary/ })).toBeNull();
  });

  it('puts the box back when the server refuses', async () => {
    mockApi({ 'GET /users/email-settings': ok(ALL_ON), 'PUT /users/email-settings': fail(500, MSG.unexpected) });
    const user = userEvent.setup();
    renderApp(<EmailSettingsSection userRole="owner" />, { route: '/OwnerDashboard/Profile', user: owner });
    const box = await screen.findByRole('checkbox', { name: /Rent reminders/ });
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
  });
});
