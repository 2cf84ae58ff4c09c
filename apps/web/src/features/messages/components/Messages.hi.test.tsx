import type { Message, Thread } from '@kiraya/contract/chat';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocaleProvider, preloadLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { queryClient } from '../../../lib/query';
import { makeMessage, makeThread, person, rahul } from '../../../test/pseudoFixtures';
import { makeOccupiedRoom, mockApi, ok, owner, renderApp, tenant } from '../../../test/support';
import { RoomMessagesTab } from './RoomMessagesTab';
import { OwnerMessagesPage, TenantMessagesPage } from './TenantMessagesPage';

// Conversations in Hindi (issue 27): the page's own texts, the thread labels, plurals and dates in Hindi.
const hindi = (ui: ReactNode) => (
  <LocaleProvider value="hi-IN">
    <Suspense fallback={null}>{ui}</Suspense>
  </LocaleProvider>
);

// The pseudo-locale tests' conversation factories (test/pseudoFixtures.ts), in thread t1.
const thread = (over: Partial<Thread> = {}): Thread => makeThread({ _id: 't1', ...over });
const message = (over: Partial<Message> = {}): Message =>
  makeMessage({ threadId: 't1', text: 'Rent is due', createdAt: '2026-11-01T06:30:00.000Z', ...over });

// The Hindi catalogues (the area's and the contract's MSG) load before the first test renders: a component would
// otherwise suspend on its first render, and a render not awaited in act() is not retried.
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

afterEach(() => {
  queryClient.clear();
  localStorage.clear();
});

describe('Messages in Hindi', () => {
  it('the tenant reads a conversation: Hindi labels, unread counts and a Hindi date', async () => {
    const t1 = thread({ unread: 2 });
    mockApi({
      'GET /users/get-current-user': ok(tenant),
      'GET /messages/threads': ok({ threads: [t1, thread({ _id: 't2', kind: 'enquiry', with: person('o2', 'Arjun Mehta') })], unread: 2 }),
      'GET /messages/thread/t1': ok({ thread: t1, messages: [message({ maintenance: true })], hasEarlier: true }),
      'POST /messages/read/t1': ok({ unread: 0 }),
      'GET /tenant/room-details': ok([]),
    });
    renderApp(hindi(<TenantMessagesPage />), { route: '/TenantDashboard/Messages?thread=t1', user: tenant });
    expect(await screen.findByRole('heading', { level: 1, name: 'संदेश' })).toBeInTheDocument();
    expect(screen.getByText('अपने मकान मालिकों से बात करें: आपके कमरे और आपकी पूछताछ')).toBeInTheDocument();
    const list = await screen.findByRole('navigation', { name: 'बातचीत' });
    expect(within(list).getByText('(2 बिना पढ़े)')).toBeInTheDocument();
    expect(within(list).getByText('पूछताछ')).toBeInTheDocument();
    expect(within(list).getAllByText('कमरा 101 · Lotus Homes')).toHaveLength(2);
    const log = await screen.findByRole('log', { name: 'Priya Raghavan के साथ संदेश' });
    expect(within(log).getByText('मरम्मत का अनुरोध')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'पहले के संदेश दिखाएँ' })).toBeInTheDocument();
    // 1 November 2026 in Hindi, Latin digits.
    expect(within(log).getByText(/^1 नवंबर 2026, \d\d:\d\d/)).toBeInTheDocument();
    expect(screen.getByLabelText('Priya Raghavan को संदेश')).toHaveAttribute('placeholder', 'संदेश लिखें');
    expect(screen.getByRole('checkbox', { name: 'मरम्मत का अनुरोध' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'भेजें' })).toBeInTheDocument();
    expect(document.title).toBe('संदेश · Kiraya');
  });

  it("the owner's inbox and a room's tab: a former tenant's conversation is read only, unread messages counted", async () => {
    const ended = thread({ _id: 't3', canSend: false, with: rahul, unread: 3 });
    mockApi({
      'GET /users/get-current-user': ok(owner),
      'GET /messages/threads': ok({ threads: [ended], unread: 3 }),
      'GET /messages/thread/t3': ok({ thread: ended, messages: [message({ mine: true })], hasEarlier: false }),
      'POST /messages/read/t3': ok({ unread: 0 }),
    });
    renderApp(hindi(<OwnerMessagesPage />), { route: '/OwnerDashboard/Messages?thread=t3', user: owner });
    expect(await screen.findByText('अपने किरायेदारों से, और आपके कमरों के बारे में पूछने वालों से बात करें')).toBeInTheDocument();
    expect((await screen.findAllByText('पूर्व किरायेदार')).length).toBeGreaterThan(0);
    expect(await screen.findByText('इस बातचीत में अब नया संदेश नहीं भेजा जा सकता: किरायेदारी ख़त्म हो चुकी है।')).toBeInTheDocument();
    expect(screen.getByText('आप,')).toBeInTheDocument();
  });

  it('a room without a conversation offers one to its tenant', async () => {
    const room = makeOccupiedRoom({ _id: 'r1' });
    mockApi({ 'GET /messages/room/r1': ok([]) });
    renderApp(hindi(<RoomMessagesTab room={room} />), { user: owner });
    expect(await screen.findByRole('button', { name: 'संदेश भेजें' })).toBeInTheDocument();
    expect(screen.getByLabelText('Asha Verma को संदेश')).toBeInTheDocument();
  });
});
