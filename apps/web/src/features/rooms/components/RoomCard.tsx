import type { Room } from '@kiraya/contract';
import { TOAST } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { type ReactNode, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { HiddenByKiraya } from '../../../components/HiddenByKiraya';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useDeleteRoom } from '../api/owner';
import { useRoomsT } from '../i18n';
import { AssignTenantDialog } from './AssignTenantDialog';
import { EditRoomDialog } from './EditRoomDialog';
import { RoomCardHeader } from './RoomCardHeader';
import { RoomOverview } from './RoomOverview';
import { type RoomTab, RoomTabs } from './RoomTabs';
import { VacateDialog } from './VacateDialog';

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
  lease,
  rent,
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
  /** The leases feature's panel (issue 22) under the current tenant, passed in by the route. */
  lease?: ReactNode;
  /** The header's rent: the lease's rent in force (issue 22), passed in by the route. */
  rent?: ReactNode;
  /** The tab shown first (a notification about the room's messages opens Messages). */
  defaultTab?: RoomTab;
}) {
  const t = useRoomsT();
  const msg = useMsg();
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
      toast.success(msg(MSG.deleted(t('card.deletedItem'))), { duration: TOAST.deleteDuration });
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <RoomCardHeader room={room} open={open} onToggle={() => setOpen((o) => !o)} panelId={panelId} unread={unread} rent={rent} />
      {room.hidden ? (
        <div className="px-4 pb-3 sm:px-5">
          <HiddenByKiraya reason={room.hiddenReason} compact />
        </div>
      ) : null}
      <div id={panelId} hidden={!open} className="border-t border-slate-200 px-4 py-4 sm:px-5">
        {open ? (
          <>
            <RoomOverview room={room} occupied={occupied} onEdit={() => setEditing(true)} onDelete={() => setDeleting(true)} />
            <RoomTabs
              room={room}
              defaultTab={defaultTab}
              billing={billing}
              documents={documents}
              messages={messages}
              lease={lease}
              onVacate={() => setVacating(true)}
              onAssign={() => setAssigning(true)}
            />
          </>
        ) : null}
      </div>
      {editing ? <EditRoomDialog room={room} open={editing} onOpenChange={setEditing} /> : null}
      {occupied ? (
        <VacateDialog room={room} open={vacating} onOpenChange={setVacating} />
      ) : (
        <AssignTenantDialog roomId={room._id} roomRent={room.rentAmount} open={assigning} onOpenChange={setAssigning} />
      )}
      <ConfirmDialog open={deleting} onOpenChange={setDeleting} onConfirm={confirmDelete} busy={del.isPending} />
    </article>
  );
}
