import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { formatLongDate } from '../../../lib/format';
import { useRoomBills, useTenantBillRooms } from '../api/bills';
import type { BillGroup } from '../types';
import { BillGroupList } from './BillGroupList';

/** The latest bill group of a list (groups come newest first; sorted again so order never matters). */
export const latestGroup = (groups: BillGroup[]): BillGroup | undefined =>
  [...groups].sort((a, b) => (a.billDate < b.billDate ? 1 : a.billDate > b.billDate ? -1 : 0))[0];

/** One room's billing list for its tenant (spec 2: Billing list (tenant)). */
export function TenantRoomBills({ propertyId, roomId }: { propertyId: string; roomId: string }) {
  const bills = useRoomBills(propertyId, roomId);
  if (bills.isPending) return <Spinner label="Loading bills" />;
  return <BillGroupList groups={bills.data ?? []} mode="tenant" />;
}

/** My Rooms' Last Bill: the latest bill date of the room, or "-". */
export function LastBillDate({ propertyId, roomId }: { propertyId: string; roomId: string }) {
  const bills = useRoomBills(propertyId, roomId);
  const g = latestGroup(bills.data ?? []);
  return <>{g ? formatLongDate(g.billDate) : '-'}</>;
}

/** /TenantDashboard/Billings: the bills of every room the tenant rents. */
export function TenantBillingsPage() {
  const rooms = useTenantBillRooms();
  return (
    <>
      <PageHeading title="Billings" subtitle="Bills for the rooms you rent" />
      {rooms.isPending ? (
        <Spinner label="Loading your rooms" />
      ) : (rooms.data ?? []).length === 0 ? (
        <BillGroupList groups={[]} mode="tenant" />
      ) : (
        <div className="space-y-6">
          {(rooms.data ?? []).map((r) => (
            <section key={r.roomId} aria-labelledby={`bills-${r.roomId}`}>
              <h2 id={`bills-${r.roomId}`} className="mb-2 text-lg font-semibold text-slate-900">
                Room {r.room.roomNumber}
                <span className="ml-2 text-sm font-normal text-slate-600">{r.property_id.title}</span>
              </h2>
              <TenantRoomBills propertyId={r.propertyId} roomId={r.roomId} />
            </section>
          ))}
        </div>
      )}
    </>
  );
}
