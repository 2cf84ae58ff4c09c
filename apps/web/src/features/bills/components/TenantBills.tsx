import type { BillGroup } from '@kiraya/contract';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { formatLongDate } from '../../../lib/format';
import { useRoomBills, useTenantBills } from '../api/bills';
import { BillGroupList } from './BillGroupList';

/** The latest bill group of a list (groups come newest first; sorted again so order never matters). */
export const latestGroup = <G extends Pick<BillGroup, 'billDate'>>(groups: G[]): G | undefined =>
  [...groups].sort((a, b) => (a.billDate < b.billDate ? 1 : a.billDate > b.billDate ? -1 : 0))[0];

/** One room's billing list for its tenant (spec 2: Billing list (tenant)); a past tenancy's read only (issue 19). */
export function TenantRoomBills({ propertyId, roomId, readOnly = false }: { propertyId: string; roomId: string; readOnly?: boolean }) {
  const bills = useRoomBills(propertyId, roomId);
  if (bills.isPending) return <Spinner label="Loading bills" />;
  return <BillGroupList groups={bills.data ?? []} mode="tenant" readOnly={readOnly} />;
}

/** My Rooms' Last Bill: the room's latest bill date (B6), or "-". */
export function LastBillDate({ propertyId, roomId }: { propertyId: string; roomId: string }) {
  const bills = useRoomBills(propertyId, roomId);
  const g = latestGroup(bills.data ?? []);
  return <>{g ? formatLongDate(g.billDate) : '-'}</>;
}

/** /TenantDashboard/Billings (spec 2): the bill groups of every room the tenant rents, newest first. */
export function TenantBillingsPage() {
  const bills = useTenantBills();
  return (
    <>
      <PageHeading title="Billings" subtitle="Bills for the rooms you rent" />
      {bills.isPending ? (
        <Spinner label="Loading your bills" />
      ) : (
        <BillGroupList groups={bills.data ?? []} mode="tenant" groupCaption={(g) => `Room ${g.room.roomNumber} · ${g.property.title}`} />
      )}
    </>
  );
}
