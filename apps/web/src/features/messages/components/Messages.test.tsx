import type { Message, Thread } from '@kiraya/contract/chat';
import { MSG } from '@kiraya/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query';
import { makeMessage, person, priya, rahul, makeThread as sharedThread } from '../../../test/pseudoFixtures';
import { makeRoom, mockApi, ok, fail, owner, renderApp, renderAt, tenant } from '../../../test/support';
import { RoomMessagesTab } from './RoomMessagesTab';
import { OwnerMessagesPage, TenantMessagesPage } from './TenantMessagesPage';

// The pseudo-locale tests' conversation factories (test/pseudoFixtures.ts), in thread t1.
const makeThread = (over: Partial<Thread> = {}): Thread => sharedThread({ _id: 't1', ...over });
const msg = (over: Partial<Message> = {}): Message => makeMessage({ threadId: 't1', createdAt: '2026-02-01T10:00:00.000Z', ...over });

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

describe('TenantMessagesPage', () => {
  it('lists conversations with unread counts, opens one, marks it read and sends with Enter', async () => {
    const user = userEvent.setup();
    const thread = makeThread({ unread: 2, lastMessage: msg({ text: 'Rent is due' }) });
    const { calls } = mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({
        threads: [thread, makeThread({ _id: 't2', kind: 'enquiry', with: person('o2', 'Arjun Mehta') })],
        unread: 2,
      }),
      'GET /messages/thread/t1': ok({
        thread,
        messages: [msg({ text: 'Rent is due' }), msg({ text: 'Thanks', mine: true, senderId: 'u-tenant' })],
        hasEarlier: false,
      }),
      'POST /messages/read/t1': ok({ unread: 0 }),
      'POST /messages/thread/t1': ok({ thread, message: msg({ text: 'Paid today', mine: true }) }, 'Message sent', 201),
    });
    renderApp(<TenantMessagesPage />, { route: '/TenantDashboard/Messages', user: tenant });
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(list).getByText('Priya Raghavan')).toBeInTheDocument();
    expect(within(list).getByText('(2 unread)')).toBeInTheDocument();
    expect(within(list).getByText('Enquiry')).toBeInTheDocument();
    await user.click(within(list).getByText('Priya Raghavan'));
    const log = await screen.findByRole('log', { name: 'Messages with Priya Raghavan' });
    expect(within(log).getByText('Rent is due')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/messages/read/t1')).toBe(true));
    await user.type(screen.getByLabelText('Message to Priya Raghavan'), 'Paid today{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/messages/thread/t1' && c.method === 'POST')?.body).toEqual({
        text: 'Paid today',
        maintenance: false,
      }),
    );
  });

  it('a long conversation shows its latest messages and, on Show earlier messages, the ones before them', async () => {
    const user = userEvent.setup();
    const thread = makeThread();
    const latest = [msg({ _id: 'm3', text: 'Third' }), msg({ _id: 'm4', text: 'Fourth' })];
    const earlier = [msg({ _id: 'm1', text: 'First' }), msg({ _id: 'm2', text: 'Second' })];
    const { calls } = mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [thread], unread: 0 }),
      'GET /messages/thread/t1': (_init, url) =>
        url.searchParams.get('before') === 'm3'
          ? ok({ thread, messages: earlier, hasEarlier: false })
          : ok({ thread, messages: latest, hasEarlier: true }),
    });
    renderApp(<TenantMessagesPage />, { route: '/TenantDashboard/Messages?thread=t1', user: tenant });
    const log = await screen.findByRole('log', { name: 'Messages with Priya Raghavan' });
    await within(log).findByText('Fourth');
    expect(within(log).queryByText('First')).not.toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Show earlier messages' }));
    await within(log).findByText('First');
    // Oldest first, and no button once the start of the conversation is shown.
    expect(
      within(log)
        .getAllByText(/First|Second|Third|Fourth/)
        .map((e) => e.textContent),
    ).toEqual(['First', 'Second', 'Third', 'Fourth']);
    expect(within(log).queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/messages/thread/t1')).toHaveLength(2);
  });

  it('Send Message from a room card without a conversation writes a new enquiry; empty text is refused', async () => {
    const user = userEvent.setup();
    const created = makeThread({ _id: 't9', kind: 'enquiry' });
    const { calls } = mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [], unread: 0 }),
      'POST /messages/to-owner/r7': ok({ thread: created, message: msg({ mine: true }) }, 'Message sent', 201),
    });
    renderApp(<TenantMessagesPage />, { route: '/TenantDashboard/Messages?room=r7', user: tenant });
    expect(await screen.findByRole('heading', { name: 'New message to the owner' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(MSG.messageRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Is it available?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/messages/to-owner/r7')?.body).toEqual({ text: 'Is it available?', maintenance: false }),
    );
  });

  it('the Maintenance Request tile opens the room conversation with the maintenance mark ticked', async () => {
    const thread = makeThread();
    const { calls } = mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [thread], unread: 0 }),
      'GET /messages/thread/t1': ok({ thread, messages: [], hasEarlier: false }),
      'POST /messages/thread/t1': ok({ thread, message: msg({ mine: true, maintenance: true }) }, 'Message sent', 201),
    });
    const user = userEvent.setup();
    renderApp(<TenantMessagesPage />, { route: '/TenantDashboard/Messages?room=r1&mode=maintenance', user: tenant });
    const box = await screen.findByRole('checkbox', { name: 'Maintenance request' });
    expect(box).toBeChecked();
    await user.type(screen.getByLabelText('Message to Priya Raghavan'), 'The fan is broken');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/messages/thread/t1')?.body).toEqual({
        text: 'The fan is broken',
        maintenance: true,
      }),
    );
  });

  it('says "No conversations yet" when there are none', async () => {
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [], unread: 0 }),
      'GET /tenant/room-details': ok([]),
    });
    renderApp(<TenantMessagesPage />, { route: '/TenantDashboard/Messages', user: tenant });
    expect(await screen.findByText(MSG.noConversations)).toBeInTheDocument();
  });

  it('offers a conversation with the owner of each current room that has none yet (issue 19)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [], unread: 0 }),
      'GET /tenant/room-details': ok([
        { _id: 'ty1', roomId: 'r1', room: { roomNumber: '102' }, property_id: { title: 'Lotus Homes' }, ownerId: priya },
      ]),
      'POST /messages/to-owner/r1': ok({ thread: makeThread(), message: msg({ mine: true }) }, 'Message sent', 201),
      'GET /messages/thread/t1': ok({ thread: makeThread(), messages: [], hasEarlier: false }),
    });
    renderApp(<TenantMessagesPage />, { route: '/TenantDashboard/Messages', user: tenant });
    await user.click(await screen.findByRole('button', { name: /Message Priya Raghavan/ }));
    expect(screen.getByText('Owner of Room 102 · Lotus Homes', { exact: false })).toBeInTheDocument();
    const box = await screen.findByRole('textbox');
    await user.type(box, 'Hello{Enter}');
    await waitFor(() => expect(calls.find((c) => c.path === '/messages/to-owner/r1')?.body).toMatchObject({ text: 'Hello' }));
  });
});

describe('protecting tenants (issue 26 items 1 and 5)', () => {
  const ADVICE = 'Never pay a deposit or token amount before you have seen the room and met the owner';

  it('marks a message asking for money with a written warning and the advice; the others stay plain', async () => {
    const enquiry = makeThread({ kind: 'enquiry' });
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [enquiry], unread: 0 }),
      'GET /messages/thread/t1': ok({
        thread: enquiry,
        messages: [
          msg({ _id: 'm1', text: 'Yes, the room is free.' }),
          msg({ _id: 'm2', text: 'Send the ₹5,000 token on rk@okhdfcbank to book it', warning: true }),
        ],
        hasEarlier: false,
      }),
    });
    renderApp(<TenantMessagesPage />, { route: '/TenantDashboard/Messages?thread=t1', user: tenant });
    const log = await screen.findByRole('log', { name: 'Messages with Priya Raghavan' });
    const [plain, asking] = within(log).getAllByRole('listitem').slice(0, 2) as [HTMLElement, HTMLElement];
    expect(within(asking).getByText(/Warning: this message asks for money/)).toBeVisible();
    expect(asking).toHaveTextContent(ADVICE);
    expect(within(plain).queryByText(/Warning/)).toBeNull();
    // An enquiry carries the advice above the conversation too.
    expect(screen.getByRole('complementary', { name: 'Safety advice' })).toHaveTextContent(ADVICE);
  });

  it('a new conversation shows the advice; the Report slot names the other person of a conversation', async () => {
    const thread = makeThread();
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [thread], unread: 0 }),
      'GET /messages/thread/t1': ok({ thread, messages: [], hasEarlier: false }),
    });
    const report = ({ targetId, name }: { targetId: string; name: string }) => (
      <button type="button">{`Report ${name} (${targetId})`}</button>
    );
    const view = renderApp(<TenantMessagesPage renderReport={report} />, { route: '/TenantDashboard/Messages?room=r7', user: tenant });
    expect(await screen.findByRole('heading', { name: 'New message to the owner' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Safety advice' })).toHaveTextContent(ADVICE);
    view.unmount();
    renderApp(<TenantMessagesPage renderReport={report} />, { route: '/TenantDashboard/Messages?thread=t1', user: tenant });
    expect(await screen.findByRole('button', { name: 'Report Priya Raghavan (u-owner)' })).toBeInTheDocument();
    // A room conversation with a current owner carries no advice banner.
    expect(screen.queryByRole('complementary', { name: 'Safety advice' })).toBeNull();
  });
});

describe('OwnerMessagesPage', () => {
  it('lists every conversation of the owner with unread counts', async () => {
    mockApi({
      'GET /users/get-current-user': ok(owner),
      'GET /messages/threads': ok({
        threads: [
          makeThread({ with: rahul, unread: 3 }),
          makeThread({ _id: 't2', kind: 'enquiry', with: person('u-x', 'Sneha Iyer'), room: { ...makeThread().room, roomNumber: '102' } }),
        ],
        unread: 3,
      }),
    });
    renderApp(<OwnerMessagesPage />, { route: '/OwnerDashboard/Messages', user: owner });
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    expect(within(list).getByRole('button', { name: /Rahul Verma.*Tenant.*\(3 unread\)/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Sneha Iyer.*Enquiry/ })).toBeInTheDocument();
  });
});

describe('RoomMessagesTab (owner)', () => {
  it('says "No messages from tenant"; Send Message focuses the box, which writes to the room’s tenant', async () => {
    const user = userEvent.setup();
    const room = makeRoom({
      _id: 'r5',
      tenantId: { _id: 'u-tenant', fullName: 'Rahul Verma', email: 'x', phoneNumber: 'y', aadharCardNumber: 'z' } as never,
    });
    const { calls } = mockApi({
      'GET /messages/room/r5': ok([]),
      'POST /messages/to-tenant/r5': ok(
        { thread: makeThread({ _id: 't5', with: rahul }), message: msg({ mine: true }) },
        'Message sent',
        201,
      ),
    });
    renderAt(<RoomMessagesTab room={room} />);
    expect(await screen.findByText(MSG.noMessagesFromTenant)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const box = screen.getByLabelText('Message to Rahul Verma');
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'Plumber on Monday{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/messages/to-tenant/r5')?.body).toEqual({ text: 'Plumber on Monday', maintenance: false }),
    );
  });

  it('shows a new tenant’s conversation first, not the previous enquiry (issue 19)', async () => {
    const room = makeRoom({
      _id: 'r7',
      tenantId: { _id: 'u-new', fullName: 'Om Rao', email: 'x', phoneNumber: 'y', aadharCardNumber: 'z' } as never,
    });
    const old = makeThread({ _id: 'tq', kind: 'enquiry', with: person('u-x', 'Sneha Iyer'), tenant: person('u-x', 'Sneha Iyer') });
    mockApi({ 'GET /messages/room/r7': ok([old]) });
    renderAt(<RoomMessagesTab room={room} />);
    expect(await screen.findByRole('button', { name: /Om Rao/, pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Sneha Iyer/, pressed: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Message to Om Rao')).toBeInTheDocument();
  });

  it('shows the room’s conversations (tenant and enquiry) and a vacant room without any cannot be written to', async () => {
    const user = userEvent.setup();
    const mine = makeThread({ _id: 'ta', with: rahul, unread: 1 });
    const enquiry = makeThread({ _id: 'tb', kind: 'enquiry', with: person('u-x', 'Sneha Iyer') });
    mockApi({
      'GET /messages/room/r6': ok([enquiry, mine]),
      'GET /messages/thread/ta': ok({
        thread: mine,
        messages: [msg({ threadId: 'ta', text: 'Tap leaking', maintenance: true, senderId: 'u-tenant' })],
      }),
      'POST /messages/read/ta': ok({ unread: 0 }),
      'GET /messages/thread/tb': ok({ thread: enquiry, messages: [msg({ threadId: 'tb', text: 'Available?' })] }),
      'GET /messages/room/r8': ok([]),
    });
    const view = renderAt(<RoomMessagesTab room={makeRoom({ _id: 'r6' })} />);
    // The current tenant's conversation opens first.
    expect(await screen.findByText('Tap leaking')).toBeInTheDocument();
    expect(screen.getByText('Maintenance request')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Sneha Iyer/ }));
    expect(await screen.findByText('Available?')).toBeInTheDocument();
    view.unmount();
    renderAt(<RoomMessagesTab room={makeRoom({ _id: 'r8' })} />);
    expect(await screen.findByText(MSG.noMessagesFromTenant)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  });

  it('shows an error when a conversation cannot be loaded', async () => {
    const t = makeThread({ _id: 'tc', with: rahul });
    mockApi({ 'GET /messages/room/r9': ok([t]), 'GET /messages/thread/tc': fail(404, MSG.threadNotFound) });
    renderAt(<RoomMessagesTab room={makeRoom({ _id: 'r9' })} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.threadNotFound);
  });
});
