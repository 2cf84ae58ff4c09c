import type { Room } from '@kiraya/contract';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/Badge';
import { formatRupees } from '../../../lib/format';
import { useRoomsT } from '../i18n';
import { roomStatusText, tenantTypeText } from './roomLabels';
import { roomStatusTone } from './roomText';

/** The collapsed room card: its heading button with the key facts, unread messages and status. */
export function RoomCardHeader({
  room,
  open,
  onToggle,
  panelId,
  unread,
  rent,
}: {
  room: Room;
  open: boolean;
  onToggle: () => void;
  panelId: string;
  unread?: ReactNode;
  /** The rent to show: the lease's rent in force for an occupied room (issue 22, passed in by the route); default the listed rent. */
  rent?: ReactNode;
}) {
  const t = useRoomsT();
  return (
    <h2>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex w-full flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4 text-left hover:bg-slate-50 sm:px-5"
      >
        <span className="text-lg font-semibold text-slate-900">{t('room', { room: room.roomNumber })}</span>
        <span className="text-sm text-slate-700">
          <span className="font-medium">{t('header.tenantType')}</span> {tenantTypeText(t, room.tenantType)}
        </span>
        <span className="text-sm text-slate-700">
          <span className="font-medium">{t('header.rent')}</span> {rent ?? t('rent.monthly', { amount: formatRupees(room.rentAmount) })}
        </span>
        <span className="text-sm text-slate-700">
          <span className="font-medium">{t('header.occupancy')}</span> {room.maxOccupancy}
        </span>
        <span className="ml-auto flex items-center gap-3">
          {unread}
          <Badge tone={roomStatusTone(room.roomStatus)}>{roomStatusText(t, room.roomStatus)}</Badge>
          <ChevronDown aria-hidden="true" className={`h-5 w-5 text-slate-600 ${open ? 'rotate-180' : ''}`} />
        </span>
      </button>
    </h2>
  );
}
