import type { Room } from '@kiraya/contract';
import { TOAST } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import * as Tabs from '@radix-ui/react-tabs';
import { ChevronDown, LogOut, Pencil, Trash2, UserPlus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/Badge';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { formatLongDate, formatPhone, formatRent } from '../../../lib/format';
import { useDeleteRoom } from '../api/owner';
import { AssignTenantDialog } from './AssignTenantDialog';
import { EditRoomDialog } from './EditRoomDialog';
import { RoomInvites } from './RoomInvites';
import { VacateDialog } from './VacateDialog';
import { floorLabel, roomStatusLabel, roomStatusTone, tenantTypeLabel, yesNo } from './roomText';

const TABS = [
  { value: 'tenant', label: 'Tenant Details' },
  { value: 'billing', label: 'Billing Details' },
  { value: 'documents', label: 'Documents' },
  { value: 'messages', label: 'Messages' },
] as const;

/**
 * An owner's room card: collapsed facts, expanded details, tabs, edit and delete (B13). An occupied room
 * offers Vacate instead of Assign Tenant and Delete room. `billing` fills the Billing Details tab: the bills
 * feature's tab, passed in by the route (features never import each other).
 */
export function RoomCard({
  room,
  defaultOpen = false,
  billing,
  documents,
  messages,
  unread,
  defaultTab = 'tenant',
}: {
  room: Room;
  defaultOpen?: boolean;
  billing?: ReactNode;
  /** The documents feature's tab (B7), passed in by the route like `billing`. */
  documents?: ReactNode;
  /** The messages feature's tab (B7), passed in by the route. */
  messages?: ReactNode;
  /** The room's unread messages, shown on the collapsed card. */
  unread?: ReactNode;
  /** The tab shown first (a notification about the room's messages opens Messages). */
  defaultTab?: (typeof TABS)[number]['value'];
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const [vacating, setVacating] = useState(false);
  const occupied = room.tenantId !== null;
  const panelId = useId();
  const del = useDeleteRoom(room.propertyId);

  // mutateAsync: the card unmounts when its room leaves the refreshed list, and the toast must still show.
  const confirmDelete = async () => {
    try {
      await del.mutateAsync(room._id);
      toast.success(MSG.deleted('Room'), { duration: TOAST.deleteDuration });
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4 text-left hover:bg-slate-50 sm:px-5"
        >
          <span className="text-lg font-semibold text-slate-900">Room {room.roomNumber}</span>
          <span className="text-sm text-slate-700">
            <span className="font-medium">Tenant type:</span> {tenantTypeLabel(room.tenantType)}
          </span>
          <span className="text-sm text-slate-700">
            <span className="font-medium">Rent:</span> {formatRent(room.rentAmount)}
          </span>
          <span className="text-sm text-slate-700">
            <span className="font-medium">Max occupancy:</span> {room.maxOccupancy}
          </span>
          <span className="ml-auto flex items-center gap-3">
            {unread}
            <Badge tone={roomStatusTone(room.roomStatus)}>{roomStatusLabel(room.roomStatus)}</Badge>
            <ChevronDown aria-hidden="true" className={`h-5 w-5 text-slate-600 ${open ? 'rotate-180' : ''}`} />
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 px-4 py-4 sm:px-5">
        {open ? (
          <>
            <div className="flex flex-col gap-4 lg:flex-row">
              <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
                <Fact label="Room type" value={room.roomType} />
                <Fact label="Floor" value={floorLabel(room.floor)} />
                <Fact label="Furnished" value={yesNo(room.isFurnitured)} />
                <Fact label="Attached bath" value={yesNo(room.hasAttachedBath)} />
              </dl>
              <div className="flex gap-2">
                <button
                  type="button"
                  onClick={() => setEditing(true)}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" />
                  Edit room
                </button>
                {occupied ? null : (
                  <button
                    type="button"
                    onClick={() => setDeleting(true)}
                    className="inline-flex items-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Delete room
                  </button>
                )}
              </div>
            </div>
            <p className="mt-3 text-sm text-slate-700">{room.description}</p>
            {room.images.length ? (
              <ul aria-label={`Room ${room.roomNumber} images`} className="mt-3 flex gap-2 overflow-x-auto pb-1">
                {room.images.map((img, i) => (
                  <li key={img._id} className="shrink-0">
                    <a href={img.url} target="_blank" rel="noreferrer" className="block rounded-lg">
                      <img
                        src={img.thumbnailUrl || img.url}
                        alt={`Room ${room.roomNumber}, ${i + 1} of ${room.images.length}`}
                        width={img.width}
                        height={img.height}
                        loading="lazy"
                        className="h-24 w-32 rounded-lg bg-slate-100 object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <Tabs.Root defaultValue={defaultTab} className="mt-5">
              <Tabs.List aria-label={`Room ${room.roomNumber} details`} className="flex flex-wrap gap-1 border-b border-slate-200">
                {TABS.map((t) => (
                  <Tabs.Trigger
                    key={t.value}
                    value={t.value}
                    className="shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
                  >
                    {t.label}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="tenant" className="pt-4">
                {room.tenantId ? (
                  <div className="rounded-xl bg-slate-50 p-4">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="text-base font-semibold text-slate-900">{room.tenantId.fullName}</span>
                        <Badge tone="green">Current Tenant</Badge>
                      </p>
                      <button
                        type="button"
                        onClick={() => setVacating(true)}
                        className="inline-flex items-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
                      >
                        <LogOut aria-hidden="true" className="h-4 w-4" />
                        Vacate
                      </button>
                    </div>
                    <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm lg:grid-cols-4 [&>div:first-child]:col-span-2 sm:[&>div:first-child]:col-span-1">
                      <Fact label="Email" value={room.tenantId.email} />
                      <Fact label="Phone" value={formatPhone(room.tenantId.phoneNumber)} />
                      <Fact label="Aadhaar" value={room.tenantId.aadharCardNumber} />
                      <Fact label="Moved in" value={room.moveInDate ? formatLongDate(room.moveInDate) : '-'} />
                    </dl>
                  </div>
                ) : (
                  <>
                    <div className="mb-3 flex justify-end">
                      <button
                        type="button"
                        onClick={() => setAssigning(true)}
                        className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
                      >
                        <UserPlus aria-hidden="true" className="h-4 w-4" />
                        Assign Tenant
                      </button>
                    </div>
                    <Empty title="No Tenant Assigned" hint="Click Assign Tenant to invite a tenant to this room." />
                    <RoomInvites roomId={room._id} />
                  </>
                )}
              </Tabs.Content>
              <Tabs.Content value="billing" className="pt-4">
                {billing ?? <Empty title="No billing data available" />}
              </Tabs.Content>
              <Tabs.Content value="documents" className="pt-4">
                {documents ? (
                  documents
                ) : room.documents.length ? (
                  <ul className="divide-y divide-slate-200">
                    {room.documents.map((d) => (
                      <li key={d.url} className="flex items-center justify-between py-2 text-sm">
                        <span className="text-slate-800">{d.name}</span>
                        <a href={d.url} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
                          View
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Empty title="No documents uploaded" />
                )}
              </Tabs.Content>
              <Tabs.Content value="messages" className="pt-4">
                {messages ? (
                  messages
                ) : room.messages.length ? (
                  <ul className="space-y-2">
                    {room.messages.map((m, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: messages are plain texts without ids
                      <li key={i} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
                        {m}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Empty title="No messages from tenant" />
                )}
              </Tabs.Content>
            </Tabs.Root>
          </>
        ) : null}
      </div>
      {editing ? <EditRoomDialog room={room} open={editing} onOpenChange={setEditing} /> : null}
      {occupied ? (
        <VacateDialog room={room} open={vacating} onOpenChange={setVacating} />
      ) : (
        <AssignTenantDialog roomId={room._id} open={assigning} onOpenChange={setAssigning} />
      )}
      <ConfirmDialog open={deleting} onOpenChange={setDeleting} onConfirm={confirmDelete} busy={del.isPending} />
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

function Empty({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
    </div>
  );
}
