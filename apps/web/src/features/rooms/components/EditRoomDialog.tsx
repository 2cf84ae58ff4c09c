import { type Room, roomFieldsSchema } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { checkStep, FormSummaryContext, type StepProblem } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useUpdateRoom } from '../api/owner';
import { appendRoomFields, type RoomValues, RoomStepFields, roomValuesOf } from './RoomFields';
import { EditFormFooter, ImageEditor } from '../../../components/ImageEditor';

/** Edit a room's facts and images (B13). */
export function EditRoomDialog({ room, open, onOpenChange }: { room: Room; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateRoom(room.propertyId);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Edit room ${room.roomNumber}`} busy={update.isPending} size="lg">
      <EditBody room={room} update={update} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function EditBody({ room, update, onDone }: { room: Room; update: ReturnType<typeof useUpdateRoom>; onDone: () => void }) {
  const [values, setValues] = useState<RoomValues>(() => roomValuesOf(room));
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const kept = room.images.filter((i) => !removed.has(i._id)).length;
  const onChange = (p: Partial<RoomValues>) => setValues((v) => ({ ...v, ...p }));

  const toggle = (id: string) =>
    setRemoved((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = checkStep(roomFieldsSchema, values);
    if (p) return setProblem(p);
    if (kept + files.length < 1) return setProblem({ message: MSG.imageAtLeastOne, fields: {} });
    setProblem(null);
    const form = new FormData();
    appendRoomFields(form, values);
    for (const id of removed) form.append('removeImageIds', id);
    for (const f of files) form.append('roomImages', f, f.name);
    update.mutate(
      { id: room._id, form },
      {
        onSuccess: () => {
          toast.success(MSG.roomUpdated);
          onDone();
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormSummaryContext.Provider value={problem?.message}>
        {([1, 2, 3, 4, 5] as const).map((s) => (
          <RoomStepFields key={s} step={s} values={values} onChange={onChange} errors={problem?.fields} autoFocus={s === 1} />
        ))}
        <ImageEditor
          images={room.images}
          removed={removed}
          onToggle={toggle}
          files={files}
          onFilesChange={setFiles}
          altPrefix={`Room ${room.roomNumber}`}
          gridClassName="grid-cols-3"
        />
        <EditFormFooter message={problem?.message} busy={update.isPending} onCancel={onDone} />
      </FormSummaryContext.Provider>
    </form>
  );
}
