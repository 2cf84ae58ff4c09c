import type { Room } from '@kiraya/contract';
import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useRoomsT } from '../i18n';
import { Empty } from './RoomCardParts';
import { RoomTenantTab } from './RoomTenantTab';
import { useSharedT } from '../../../components/i18n';
import { useCommonT } from '../../../components/i18n/common';

/** The tabs in order; each one's label is `tabs.<value>` in the rooms catalogue. */
const TABS = ['tenant', 'billing', 'documents', 'messages'] as const;

export type RoomTab = (typeof TABS)[number];

/**
 * The tabs of an expanded room card. Billing, documents and messages are the other features' tabs, passed in
 * by the route; documents and messages fall back to what the room itself holds.
 */
export function RoomTabs({
  room,
  defaultTab,
  billing,
  documents,
  messages,
  lease,
  onVacate,
  onAssign,
}: {
  room: Room;
  defaultTab: RoomTab;
  billing?: ReactNode;
  documents?: ReactNode;
  messages?: ReactNode;
  /** The leases feature's panel (issue 22), under the current tenant. */
  lease?: ReactNode;
  onVacate: () => void;
  onAssign: () => void;
}) {
  const t = useRoomsT();
  const names = useSharedT();
  const common = useCommonT();
  return (
    <Tabs.Root defaultValue={defaultTab} className="mt-5">
      <Tabs.List aria-label={t('tabs.label', { room: room.roomNumber })} className="flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className="shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
          >
            {/* The two tabs the landing guide names are in the shared catalogue (`name.*`), the others in the common one. */}
            {tab === 'tenant' || tab === 'billing' ? names(`name.tab.${tab}`) : common(`name.tab.${tab}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="tenant" className="pt-4">
        <RoomTenantTab room={room} onVacate={onVacate} onAssign={onAssign} lease={lease} />
      </Tabs.Content>
      <Tabs.Content value="billing" className="pt-4">
        {billing ?? <Empty title={t('tabs.noBilling')} />}
      </Tabs.Content>
      <Tabs.Content value="documents" className="pt-4">
        {documents || <RoomDocuments room={room} />}
      </Tabs.Content>
      <Tabs.Content value="messages" className="pt-4">
        {messages || <RoomMessages room={room} />}
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The room's own documents, when the documents feature passes no tab. */
function RoomDocuments({ room }: { room: Room }) {
  const t = useRoomsT();
  return room.documents.length ? (
    <ul className="divide-y divide-slate-200">
      {room.documents.map((d) => (
        <li key={d.url} className="flex items-center justify-between py-2 text-sm">
          <span className="text-slate-800">{d.name}</span>
          <a href={d.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
            {t('tabs.view')}
          </a>
        </li>
      ))}
    </ul>
  ) : (
    <Empty title={t('tabs.noDocuments')} />
  );
}

/** The room's own messages, when the messages feature passes no tab. */
function RoomMessages({ room }: { room: Room }) {
  const t = useRoomsT();
  return room.messages.length ? (
    <ul className="space-y-2">
      {room.messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages are plain texts without ids
        <li key={i} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {m}
        </li>
      ))}
    </ul>
  ) : (
    <Empty title={t('tabs.noMessages')} />
  );
}
