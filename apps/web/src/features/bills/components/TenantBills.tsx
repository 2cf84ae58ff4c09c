import type { BillGroup } from '@kiraya/contract';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useRoomBills, useTenantBills } from '../api/bills';
import { useBillsT } from '../i18n';
import { BillGroupList } from './BillGroupList';

/** The latest bill group of a list (groups come newest first; sorted again so order never matters). */
export const latestGroup = <G extends Pick<BillGroup, 'billDate'>>(groups: G[]): G | undefined =>
  [...groups].sort((a, b) => (a.billDate < b.billDate ? 1 : a.billDate > b.billDate ? -1 : 0))[0];

/** One room's billing list for its tenant (spec 2: Billing list (tenant)); a past tenancy's read only (issue 19). */
export function TenantRoomBills({ propertyId, roomId, readOnly = false }: { propertyId: string; roomId: string; readOnly?: boolean }) {
  const t = useBillsT();
  const bills = useRoomBills(propertyId, roomId);
  if (bills.isPending) return <Spinner label={t('loading')} />;
  return <BillGroupList groups={bills.data ?? []} mode="tenant" readOnly={readOnly} />;
}

/** My Rooms' Last Bill: the room's latest bill date (B6), or "-". */
export function LastBillDate({ propertyId, roomId }: { propertyId: string; roomId: string }) {
  const locale = useLocale();
  const bills = useRoomBills(propertyId, roomId);
  const g = latestGroup(bills.data ?? []);
  return <>{g ? formatLongDate(g.billDate, locale) : '-'}</>;
}

/** /TenantDashboard/Billings (spec 2): the bill groups of every room the tenant rents, newest first. */
export function TenantBillingsPage() {
  const t = useBillsT();
  const bills = useTenantBills();
  return (
    <>
      <PageHeading title={t('tenant.title')} subtitle={t('tenant.subtitle')} />
      {bills.isPending ? (
        <Spinner label={t('tenant.loading')} />
      ) : (
        <BillGroupList
          groups={bills.data ?? []}
          mode="tenant"
          headingLevel={2}
          groupCaption={(g) => t('tenant.caption', { room: g.room.roomNumber, property: g.property.title })}
        />
      )}
    </>
  );
}
