import type { Room } from '@kiraya/contract';
import { LogOut, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/Badge';
import { formatLongDate, formatPhone } from '../../../lib/format';
import { Empty, Fact } from './RoomCardParts';
import { RoomInvites } from './RoomInvites';

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
          <button
            type="button"
            onClick={onVacate}
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
      {lease ? <div className="mt-4">{lease}</div> : null}
    </>
  ) : (
    <>
      <div className="mb-3 flex justify-end">
        <button
          type="button"
          onClick={onAssign}
          className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Assign Tenant
        </button>
      </div>
      <Empty title="No Tenant Assigned" hint="Click Assign Tenant to invite a tenant to this room." />
      <RoomInvites roomId={room._id} />
    </>
  );
}
