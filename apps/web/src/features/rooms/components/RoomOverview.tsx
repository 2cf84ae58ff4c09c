import type { Room } from '@kiraya/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { Fact } from './RoomCardParts';
import { ActionButton } from '../../../components/ActionButton';
import { useRoomsT } from '../i18n';

/** The top of an expanded room card: the room's facts, Edit and Delete (a vacant room only), description and images. */
export function RoomOverview({
  room,
  occupied,
  onEdit,
  onDelete,
}: {
  room: Room;
  occupied: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useRoomsT();
  const yesNo = (b: boolean) => (b ? t('overview.yes') : t('overview.no'));
  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row">
        <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label={t('overview.roomType')} value={room.roomType} />
          <Fact label={t('overview.floor')} value={room.floor === 0 ? t('overview.ground') : String(room.floor)} />
          <Fact label={t('overview.furnished')} value={yesNo(room.isFurnitured)} />
          <Fact label={t('overview.attachedBath')} value={yesNo(room.hasAttachedBath)} />
        </dl>
        <div className="flex gap-2">
          <ActionButton icon={Pencil} onClick={onEdit}>
            {t('overview.edit')}
          </ActionButton>
          {occupied ? null : (
            <ActionButton icon={Trash2} tone="danger" onClick={onDelete}>
              {t('overview.delete')}
            </ActionButton>
          )}
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">{room.description}</p>
      {room.images.length ? (
        <ul aria-label={t('overview.images', { room: room.roomNumber })} className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {room.images.map((img, i) => (
            <li key={img._id} className="shrink-0">
              <a href={img.url} target="_blank" rel="noreferrer" className="block rounded-lg">
                <img
                  src={img.thumbnailUrl || img.url}
                  alt={t('overview.image', { room: room.roomNumber, n: i + 1, total: room.images.length })}
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
    </>
  );
}
