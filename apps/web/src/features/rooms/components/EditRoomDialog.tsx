import { type Room, roomFieldsSchema } from '@kiraya/contract';
import { LIMITS } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { Undo2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { checkStep, FormSummaryContext, type StepProblem } from '../../../components/FormField';
import { ImageDropzone } from '../../../components/ImageDropzone';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useUpdateRoom } from '../api/owner';
import { appendRoomFields, type RoomValues, RoomStepFields, roomValuesOf } from './RoomFields';

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
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">
            Images ({kept + files.length} of {LIMITS.imageMaxCount})
          </legend>
          {room.images.length ? (
            <ul aria-label="Current images" className="mt-2 grid grid-cols-3 gap-2">
              {room.images.map((img, i) => {
                const gone = removed.has(img._id);
                return (
                  <li
                    key={img._id}
                    className={`relative overflow-hidden rounded-lg border ${gone ? 'border-red-300 opacity-60' : 'border-slate-200'}`}
                  >
                    <img
                      src={img.thumbnailUrl || img.url}
                      alt={`Room ${room.roomNumber}, ${i + 1} of ${room.images.length}`}
                      width={img.width}
                      height={img.height}
                      className="aspect-[4/3] w-full bg-slate-100 object-cover"
                    />
                    <button
                      type="button"
                      onClick={() => toggle(img._id)}
                      aria-pressed={gone}
                      aria-label={gone ? `Keep image ${i + 1}` : `Remove image ${i + 1}`}
                      className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow hover:bg-red-50 hover:text-red-700"
                    >
                      {gone ? <Undo2 aria-hidden="true" className="h-4 w-4" /> : <X aria-hidden="true" className="h-4 w-4" />}
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <div className="mt-3">
            <ImageDropzone files={files} onChange={setFiles} max={Math.max(0, LIMITS.imageMaxCount - kept)} label="Add images" />
          </div>
        </fieldset>
        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {problem.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onDone}
            disabled={update.isPending}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={update.isPending}
            className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </FormSummaryContext.Provider>
    </form>
  );
}
