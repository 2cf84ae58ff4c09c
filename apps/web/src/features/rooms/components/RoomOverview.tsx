import type { Room } from '@kiraya/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { Fact } from './RoomCardParts';
import { floorLabel, yesNo } from './roomText';
import { ActionButton } from '../../../components/ActionButton';

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
  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row">
        <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <Fact label="Room type" value={room.roomType} />
          <Fact label="Floor" value={floorLabel(room.floor)} />
          <Fact label="Furnished" value={yesNo(room.isFurnitured)} />
          <Fact label="Attached bath" value={yesNo(room.hasAttachedBath)} />
        </dl>
        <div className="flex gap-2">
          <ActionButton icon={Pencil} onClick={onEdit}>
            Edit room
          </ActionButton>
          {occupied ? null : (
            <ActionButton icon={Trash2} tone="danger" onClick={onDelete}>
              Delete room
            </ActionButton>
          )}
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700">{room.description}</p>
      {room.images.length ? (
        <ul aria-label={`Room ${room.roomNumber} images`} className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {room.images.map((img, i) => (
            <li key={img._id} className="shrink-0">
              <a href={img.url} target="_blank" rel="noreferrer" className="block rounded-lg">
                <img
                  src={img.thumbnailUrl || img.url}
                  alt={`Room ${room.roomNumber}, ${i + 1} of ${room.images.length}`}
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
