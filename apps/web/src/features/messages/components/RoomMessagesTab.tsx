import type { Room } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/Badge';
import { Spinner } from '../../../components/Spinner';
import { useMsg } from '../../../lib/useMsg';
import { useMyThreads, useRoomThreads } from '../api/messages';
import { useMessagesT } from '../i18n';
import { ChatView, Composer, threadLabel } from './Chat';

/**
 * The owner's Messages tab of a room card (B7): the room's conversations (its tenant's, its former
 * tenants', enquiries), one open at a time, with the message box. Send Message moves focus to the box.
 * The current tenant's conversation comes first; when they have none yet (a tenant who just moved in), a new
 * one to them is offered first, before the room's older enquiries and former tenants' threads.
 */
const NEW = 'new-to-tenant';
export function RoomMessagesTab({ room }: { room: Room }) {
  const t = useMessagesT();
  const msg = useMsg();
  const q = useRoomThreads(room._id);
  const [picked, setPicked] = useState<string | null>(null);
  const [focus, setFocus] = useState(0);
  if (q.isPending) return <Spinner label={t('chat.loading')} />;
  const threads = q.data ?? [];
  const tenantNow = room.tenantId;
  // The current tenant's conversation first (theirs, not a former tenant's or an enquiry), then the most recent.
  const current = threads.find((th) => th.kind === 'room' && th.canSend && (!tenantNow || th.tenant._id === tenantNow._id));
  const needsNew = !!tenantNow && !current;
  const valid = (id: string | null) => (id === NEW ? needsNew : threads.some((th) => th._id === id));
  const selectedId = picked && valid(picked) ? picked : (current?._id ?? (needsNew ? NEW : (threads[0]?._id ?? null)));
  const canWrite = !!selectedId || !!tenantNow;

  return (
    <div>
      <div className="mb-3 flex justify-end">
        <button
          type="button"
          onClick={() => setFocus((n) => n + 1)}
          disabled={!canWrite}
          title={canWrite ? undefined : msg(MSG.messageNoTenant)}
          className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <MessageSquare aria-hidden="true" className="h-4 w-4" />
          {t('room.send')}
        </button>
      </div>
      {threads.length + (needsNew ? 1 : 0) > 1 ? (
        <ul aria-label={t('room.conversations')} className="mb-3 flex flex-wrap gap-2">
          {needsNew && tenantNow ? (
            <li>
              <button type="button" aria-pressed={selectedId === NEW} onClick={() => setPicked(NEW)} className={chipClass}>
                {tenantNow.fullName}
                <Badge tone="green">{t('thread.tenant')}</Badge>
              </button>
            </li>
          ) : null}
          {threads.map((th) => (
            <li key={th._id}>
              <button type="button" aria-pressed={th._id === selectedId} onClick={() => setPicked(th._id)} className={chipClass}>
                {th.with.fullName}
                <Badge tone={th.kind === 'enquiry' ? 'blue' : th.canSend ? 'green' : 'grey'}>{threadLabel(th, 'owner', t)}</Badge>
                {th.unread > 0 ? <UnreadCount n={th.unread} /> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {selectedId && selectedId !== NEW ? (
        <ChatView threadId={selectedId} focusSignal={focus} />
      ) : (
        <>
          <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
            <p className="font-medium text-slate-800">{msg(MSG.noMessagesFromTenant)}</p>
          </div>
          {tenantNow ? (
            <Composer
              target={{ toTenantOf: room._id }}
              focusSignal={focus}
              label={t('chat.messageTo', { name: tenantNow.fullName })}
              onSent={(th) => setPicked(th._id)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

const chipClass =
  'inline-flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-800';

function UnreadCount({ n }: { n: number }) {
  const t = useMessagesT();
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
      <span aria-hidden="true">{n}</span>
      <span className="sr-only"> {t('unread.inline', { count: n })}</span>
    </span>
  );
}

/** The unread messages of one room, for its card's header (one shared query for every card). */
export function RoomUnreadBadge({ roomId }: { roomId: string }) {
  const t = useMessagesT();
  const q = useMyThreads();
  const n = (q.data?.threads ?? []).filter((th) => th.room._id === roomId).reduce((s, th) => s + th.unread, 0);
  if (n === 0) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
      <MessageSquare aria-hidden="true" className="h-3.5 w-3.5" />
      <span aria-hidden="true">{n}</span>
      <span className="sr-only">{t('unread.messages', { count: n })}</span>
    </span>
  );
}
