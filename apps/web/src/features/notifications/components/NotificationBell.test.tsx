import type { AppNotification } from '@kiraya/contract/chat';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok, owner, renderAt } from '../../../test/support';
import { NotificationBell } from './NotificationBell';

const note = (over: Partial<AppNotification> = {}): AppNotification => ({
  _id: 'n1',
  kind: 'requestAccepted',
  title: 'Rahul Verma accepted your request for Room 101',
  body: 'Lotus Homes: the room is now occupied.',
  link: '/OwnerDashboard/rooms/p1',
  read: false,
  createdAt: new Date().toISOString(),
  ...over,
});

afterEach(() => localStorage.clear());

describe('NotificationBell', () => {
  it('shows the unread count; opening a notification marks it read and goes to its page', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    localStorage.setItem('user', JSON.stringify(owner));
    const { calls } = mockApi({
      'GET /notifications/list': ok({ items: [note(), note({ _id: 'n2', title: 'Old one', read: true, link: '/x' })], unread: 1 }),
      'POST /notifications/read': ok({ unread: 0 }),
    });
    renderAt(<NotificationBell />, { path: '/OwnerDashboard', route: '/OwnerDashboard' });
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    expect(screen.getByTestId('bell-count')).toHaveTextContent('1');
    await user.click(bell);
    const item = await screen.findByRole('menuitem', { name: /Rahul Verma accepted/ });
    expect(item).toHaveTextContent('Unread:');
    await user.click(item);
    await waitFor(() => expect(calls.find((c) => c.path === '/notifications/read')?.body).toEqual({ id: 'n1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/OwnerDashboard/rooms/p1');
  });

  it('opens with Alt+T and the keyboard; Mark all read clears them', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /notifications/list': ok({ items: [note()], unread: 1 }),
      'POST /notifications/read-all': ok({ unread: 0 }),
    });
    renderAt(<NotificationBell />, { path: '/OwnerDashboard', route: '/OwnerDashboard' });
    await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    fireEvent.keyDown(document, { key: 't', code: 'KeyT', altKey: true });
    const all = await screen.findByRole('menuitem', { name: 'Mark all read' });
    // Not modal (ADR 044): the page behind the open menu is not hidden from screen readers (axe's aria-hidden-focus).
    expect(document.querySelector('[aria-hidden="true"] button, [aria-hidden="true"] a')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
    await user.click(all);
    await waitFor(() => expect(calls.some((c) => c.path === '/notifications/read-all')).toBe(true));
  });

  it('says when there is nothing', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /notifications/list': ok({ items: [], unread: 0 }) });
    renderAt(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true');
  });
});
