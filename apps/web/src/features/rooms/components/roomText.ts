import type { Room } from '@kiraya/contract';
import { ROOM_STATUS_TONE, TENANT_TYPE_LABELS, type TenantType } from '@kiraya/contract/constants';
import type { BadgeTone } from '../../../components/Badge';

/** Both is shown as "Any" (B3). */
export const tenantTypeLabel = (t: string): string => TENANT_TYPE_LABELS[t as TenantType] ?? t;

/** occupied green, vacant yellow, maintenance red, anything else grey (spec 4). */
export const roomStatusTone = (status: string | undefined | null): BadgeTone => ROOM_STATUS_TONE[status ?? ''] ?? 'grey';

export const roomStatusLabel = (status: string | undefined | null): string =>
  status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';

export const yesNo = (b: boolean): string => (b ? 'Yes' : 'No');

export const floorLabel = (floor: number): string => (floor === 0 ? 'Ground' : String(floor));

/** The first image of a room at a given size. */
export const roomImage = (room: Room, size: 'thumb' | 'display') => {
  const img = room.images?.[0];
  const src = img ? (size === 'thumb' ? img.thumbnailUrl || img.url : img.url) : room.roomImages?.[0];
  return src ? { src, width: img?.width || 640, height: img?.height || 480 } : null;
};
