import type { Room } from '@kiraya/contract';
import { LogOut, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/Badge';
import { formatLongDate, formatPhone } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useRoomsT } from '../i18n';
import { Empty, Fact } from './RoomCardParts';
import { RoomInvites } from './RoomInvites';
import { ActionButton } from '../../../components/ActionButton';
import { useSharedT } from '../../../components/i18n';

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
  const t = useRoomsT();
  const names = useSharedT();
  const locale = useLocale();
  return room.tenantId ? (
    <>
      <div className="rounded-xl bg-slate-50 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base font-semibold text-slate-900">{room.tenantId.fullName}</span>
            <Badge tone="green">{t('tenant.current')}</Badge>
          </p>
          <ActionButton icon={LogOut} tone="danger" onClick={onVacate}>
            {t('tenant.vacate')}
          </ActionButton>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm lg:grid-cols-4 [&>div:first-child]:col-span-2 sm:[&>div:first-child]:col-span-1">
          <Fact label={t('tenant.email')} value={room.tenantId.email} />
          <Fact label={t('tenant.phone')} value={formatPhone(room.tenantId.phoneNumber)} />
          <Fact label={t('tenant.aadhaar')} value={room.tenantId.aadharCardNumber} />
          <Fact label={t('tenant.movedIn')} value={room.moveInDate ? formatLongDate(room.moveInDate, locale) : '-'} />
        </dl>
      </div>
      {lease ? <div className="mt-4">{lease}</div> : null}
    </>
  ) : (
    <>
      <div className="mb-3 flex justify-end">
        <ActionButton icon={UserPlus} tone="primary" onClick={onAssign}>
          {names('name.assignTenant')}
        </ActionButton>
      </div>
      <Empty title={t('tenant.none')} hint={t('tenant.none.hint')} />
      <RoomInvites roomId={room._id} />
    </>
  );
}
