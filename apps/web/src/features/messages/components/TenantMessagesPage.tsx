import type { Thread } from '@kiraya/contract/chat';
import { MSG } from '@kiraya/contract/messages';
import { ArrowLeft, MessageSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge } from '../../../components/Badge';
import { PageHeading } from '../../../components/PageHeading';
import { SafetyAdvice } from '../../../components/SafetyAdvice';
import { Spinner } from '../../../components/Spinner';
import { useMsg } from '../../../lib/useMsg';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useMyCurrentRooms, useMyThreads } from '../api/messages';
import { useMessagesT } from '../i18n';
import { ChatView, Composer, threadLabel } from './Chat';

type Viewer = 'owner' | 'tenant';
/** The other person of a conversation, for a Report button (issue 26 item 1): the reports feature's, passed in by the route. */
export type RenderReportPerson = (person: { targetId: string; name: string }) => ReactNode;
type PageProps = { renderReport?: RenderReportPerson };

/**
 * /TenantDashboard/Messages (B7): the tenant's conversations (their rooms' and their enquiries) and the
 * open one. `?thread=` opens a conversation; `?room=` opens the one about that room, or a new message to
 * its owner (Send Message on a room card); `&mode=maintenance` marks it a maintenance request (the
 * Maintenance Request tile of My Rooms). A current room with no conversation yet is offered as one to start.
 */
export const TenantMessagesPage = (props: PageProps = {}) => <MessagesPage viewer="tenant" {...props} />;

/** /OwnerDashboard/Messages: the owner's inbox, every room's conversations and enquiries with unread counts. */
export const OwnerMessagesPage = (props: PageProps = {}) => <MessagesPage viewer="owner" {...props} />;

function MessagesPage({ viewer, renderReport }: { viewer: Viewer } & PageProps) {
  const t = useMessagesT();
  const msg = useMsg();
  usePageTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const q = useMyThreads();
  const myRooms = useMyCurrentRooms(viewer === 'tenant');
  const roomParam = viewer === 'tenant' ? params.get('room') : null;
  const maintenance = params.get('mode') === 'maintenance';
  const threads = q.data?.threads ?? [];

  const forRoom = roomParam
    ? (threads.find((th) => th.room._id === roomParam && th.canSend && th.kind === 'room') ??
      threads.find((th) => th.room._id === roomParam && th.canSend))
    : undefined;
  const selectedId = params.get('thread') ?? forRoom?._id ?? null;
  const selected = threads.find((th) => th._id === selectedId) ?? null;
  const open = (id: string | null) => setParams(id ? { thread: id } : {}, { replace: false });
  const composingNew = !!roomParam && !forRoom && !params.get('thread');
  // The tenant's current rooms whose owner they have not written to yet: each a conversation to start.
  const toStart = (myRooms.data ?? []).filter((r) => !threads.some((th) => th.kind === 'room' && th.canSend && th.room._id === r.roomId));
  const startFor = (roomId: string) => setParams({ room: roomId }, { replace: false });

  return (
    <>
      <PageHeading title={t('page.title')} subtitle={viewer === 'owner' ? t('page.subtitle.owner') : t('page.subtitle.tenant')} />
      {q.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : q.isError ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
          {msg(MSG.unexpected)}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <nav aria-label={t('page.conversations')} className={`min-w-0 ${selectedId || composingNew ? 'hidden lg:block' : ''}`}>
            {toStart.length > 0 ? (
              <div className="mb-4 rounded-2xl border border-brand-100 bg-brand-50 p-4">
                <h2 className="text-sm font-semibold text-slate-900">{t('page.start')}</h2>
                <ul className="mt-2 space-y-2">
                  {toStart.map((r) => (
                    <li key={r._id}>
                      <button
                        type="button"
                        onClick={() => startFor(r.roomId)}
                        aria-current={roomParam === r.roomId && composingNew ? 'true' : undefined}
                        className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:bg-slate-50 aria-[current=true]:border-brand-700"
                      >
                        <MessageSquare aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
                        <span>
                          <span className="font-semibold text-slate-900">{t('page.messageOwner', { name: r.ownerId.fullName })}</span>
                          <span className="block text-slate-700">
                            {t('page.ownerOf', { room: r.room.roomNumber, property: r.property_id.title })}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {threads.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center font-medium text-slate-800">
                {msg(MSG.noConversations)}
              </p>
            ) : (
              <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
                {threads.map((th) => (
                  <li key={th._id}>
                    <ThreadRow thread={th} viewer={viewer} active={th._id === selectedId} onOpen={() => open(th._id)} />
                  </li>
                ))}
              </ul>
            )}
          </nav>
          <section
            aria-label={t('page.conversation')}
            className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 ${selectedId || composingNew ? '' : 'hidden lg:block'}`}
          >
            {selectedId || composingNew ? (
              <button
                type="button"
                onClick={() => open(null)}
                className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline lg:hidden"
              >
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                {t('page.back')}
              </button>
            ) : null}
            {selected ? (
              <>
                <ThreadHeader
                  thread={selected}
                  viewer={viewer}
                  report={renderReport?.({ targetId: selected.with._id, name: selected.with.fullName })}
                />
                {/* An enquiry is where a stranger may ask for a token amount (issue 26 item 5). */}
                {viewer === 'tenant' && selected.kind === 'enquiry' ? <SafetyAdvice compact className="mb-3" /> : null}
                <ChatView
                  key={selected._id}
                  threadId={selected._id}
                  allowMaintenance={viewer === 'tenant' && selected.kind === 'room'}
                  defaultMaintenance={maintenance}
                  focusSignal={roomParam ? 1 : 0}
                />
              </>
            ) : composingNew && roomParam ? (
              <>
                <h2 className="text-lg font-semibold text-slate-900">{t('page.newTitle')}</h2>
                <p className="text-sm text-slate-600">{t('page.newHint')}</p>
                <SafetyAdvice compact className="mt-3" />
                <Composer
                  target={{ toOwnerOf: roomParam }}
                  allowMaintenance={maintenance}
                  defaultMaintenance={maintenance}
                  focusSignal={1}
                  onSent={(th) => open(th._id)}
                />
              </>
            ) : (
              <p className="flex items-center gap-2 py-10 text-center text-slate-600">
                <MessageSquare aria-hidden="true" className="h-5 w-5" />
                {t('page.choose')}
              </p>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function ThreadHeader({ thread, viewer, report }: { thread: Thread; viewer: Viewer; report?: ReactNode }) {
  const t = useMessagesT();
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2 border-b border-slate-200 pb-2">
      <h2 className="text-lg font-semibold text-slate-900">{thread.with.fullName}</h2>
      <Badge tone={thread.kind === 'enquiry' ? 'blue' : thread.canSend ? 'green' : 'grey'}>{threadLabel(thread, viewer, t)}</Badge>
      <span className="text-sm text-slate-600">
        {t('thread.room', { room: thread.room.roomNumber, property: thread.room.propertyTitle })}
      </span>
      {report ? <span className="ml-auto">{report}</span> : null}
    </div>
  );
}

function ThreadRow({ thread, viewer, active, onOpen }: { thread: Thread; viewer: Viewer; active: boolean; onOpen: () => void }) {
  const t = useMessagesT();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={active ? 'true' : undefined}
      className="flex w-full flex-col gap-0.5 px-4 py-3 text-left hover:bg-slate-50 aria-[current=true]:bg-brand-50"
    >
      <span className="flex items-center gap-2">
        <span className="font-semibold text-slate-900">{thread.with.fullName}</span>
        <Badge tone={thread.kind === 'enquiry' ? 'blue' : thread.canSend ? 'green' : 'grey'}>{threadLabel(thread, viewer, t)}</Badge>
        {thread.unread > 0 ? (
          <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
            <span aria-hidden="true">{thread.unread}</span>
            <span className="sr-only"> {t('unread.inline', { count: thread.unread })}</span>
          </span>
        ) : null}
      </span>
      <span className="text-sm text-slate-700">
        {t('thread.room', { room: thread.room.roomNumber, property: thread.room.propertyTitle })}
      </span>
      {thread.lastMessage ? <span className="truncate text-sm text-slate-600">{thread.lastMessage.text}</span> : null}
    </button>
  );
}
