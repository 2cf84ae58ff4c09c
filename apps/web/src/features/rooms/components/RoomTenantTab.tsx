import type { Room } from '@kiraya/contract';
import { LogOut, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/Badge';
import { formatLongDate, formatPhone } from '../../../lib/format';
import { Empty, Fact } from './RoomCardParts';
import { RoomInvites } from './RoomInvites';
import { ActionButton } from '../../../components/ActionButton';

/**
 * The Tenant Details tab: the current tenant with Vacate and the lease (`lease`, the leases feature's panel
 * passed in by the route), or Assign Tenant and the room's open invites.
 */
export function RoomTenantTab({
  room,
  onVacate,
  onAssign,
  lease,
}: {
  room: Room;
  onVacate: () => void;
  onAssign: () => void;
  lease?: ReactNode;
}) {
  return room.tenantId ? (
    <>
      <div className="rounded-xl bg-slate-50 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base font-semibold text-slate-900">{room.tenantId.fullName}</span>
            <Badge tone="green">Current Tenant</Badge>
          </p>
          <ActionButton icon={LogOut} tone="danger" onClick={onVacate}>
            Vacate
          </ActionButton>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm lg:grid-cols-4 [&>div:first-child]:col-span-2 sm:[&>div:first-child]:col-span-1">
          <Fact label="Email" value={room.tenantId.email} />
          <Fact label="Phone" value={formatPhone(room.tenantId.phoneNumber)} />
          <Fact label="Aadhaar" value={room.tenantId.aadharCardNumber} />
          <Fact label="Moved in" value={room.moveInDate ? formatLongDate(room.moveInDate) : '-'} />
        </dl>
      </div>
      {lease ? <div className="mt-4">{lease}</div> : null}
    </>
  ) : (
    <>
      <div className="mb-3 flex justify-end">
        <ActionButton icon={UserPlus} tone="primary" onClick={onAssign}>
          Assign Tenant
        </ActionButton>
      </div>
      <Empty title="No Tenant Assigned" hint="Click Assign Tenant to invite a tenant to this room." />
      <RoomInvites roomId={room._id} />
    </>
  );
}
