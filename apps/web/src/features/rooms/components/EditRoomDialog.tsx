import { type Room, roomFieldsSchema } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { checkStep, FormSummaryContext, CompactFieldsContext } from '../../../components/FormField';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useRoomsT } from '../i18n';
import { useUpdateRoom } from '../api/owner';
import { appendRoomFields, ROOM_FIELDS, type RoomValues, RoomStepFields, roomValuesOf } from './RoomFields';
import { EditFormFooter, ImageEditor } from '../../../components/ImageEditor';

/** Edit a room's facts and images (B13). */
export function EditRoomDialog({ room, open, onOpenChange }: { room: Room; open: boolean; onOpenChange: (open: boolean) => void }) {
  const update = useUpdateRoom(room.propertyId);
  const t = useRoomsT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('edit.title', { room: room.roomNumber })} busy={update.isPending} size="lg">
      <EditBody room={room} update={update} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function EditBody({ room, update, onDone }: { room: Room; update: ReturnType<typeof useUpdateRoom>; onDone: () => void }) {
  const t = useRoomsT();
  const msg = useMsg();
  const form = useForm<RoomValues>({ resolver: contractResolver<RoomValues>(roomFieldsSchema), defaultValues: roomValuesOf(room) });
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const kept = room.images.filter((i) => !removed.has(i._id)).length;

  const toggle = (id: string) =>
    setRemoved((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const save = (values: RoomValues) => {
    if (kept + files.length < 1) return setProblem(MSG.imageAtLeastOne);
    setProblem(null);
    const body = new FormData();
    appendRoomFields(body, values);
    for (const id of removed) body.append('removeImageIds', id);
    for (const f of files) body.append('roomImages', f, f.name);
    update.mutate(
      { id: room._id, form: body },
      {
        onSuccess: () => {
          toast.success(msg(MSG.roomUpdated));
          onDone();
        },
        onError: (err) => {
          applyServerErrors(err, form.setError, ROOM_FIELDS);
          toast.error(errorMessage(err));
        },
      },
    );
  };
  const submit = form.handleSubmit(save, () => setProblem(checkStep(roomFieldsSchema, form.getValues())?.message ?? null));
  // The problem in the page's language (the contract's schemas and MSG say it in English).
  const shown = problem ? msg(problem) : problem;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <CompactFieldsContext.Provider value>
        <FormSummaryContext.Provider value={shown}>
          {([1, 2, 3, 4, 5] as const).map((s) => (
            <RoomStepFields key={s} step={s} form={form} autoFocus={s === 1} />
          ))}
          <ImageEditor
            images={room.images}
            removed={removed}
            onToggle={toggle}
            files={files}
            onFilesChange={setFiles}
            altPrefix={t('room', { room: room.roomNumber })}
            gridClassName="grid-cols-3"
          />
          <EditFormFooter message={shown} busy={update.isPending} onCancel={onDone} />
        </FormSummaryContext.Provider>
      </CompactFieldsContext.Provider>
    </form>
  );
}
