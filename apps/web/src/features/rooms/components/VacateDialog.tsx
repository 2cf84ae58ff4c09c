import { dayInWords, type Room, vacateBodySchema } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { DateField } from '../../../components/DateInput';
import { secondaryButton } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useVacateRoom } from '../api/owner';

type Values = { moveOutDate: string };

/** Today as YYYY-MM-DD on Kiraya's calendar, India's, whatever the viewer's own time zone (the contract's rule). */
import { todayInIndia } from '@kiraya/contract/dates';

export { todayInIndia };

/** Vacate (B13): confirm that the tenant moves out, on a move-out date (today unless changed; a later one is recorded ahead). */
export function VacateDialog({ room, open, onOpenChange }: { room: Room; open: boolean; onOpenChange: (open: boolean) => void }) {
  const vacate = useVacateRoom(room);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Vacate room ${room.roomNumber}`}
      description="The tenancy ends and the room becomes vacant again. Its history, bills and payments are kept."
      busy={vacate.isPending}
      size="sm"
    >
      {open ? <VacateForm room={room} vacate={vacate} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function VacateForm({ room, vacate, onDone }: { room: Room; vacate: ReturnType<typeof useVacateRoom>; onDone: () => void }) {
  const today = todayInIndia();
  const form = useForm<Values>({ resolver: contractResolver<Values>(vacateBodySchema), defaultValues: { moveOutDate: today } });
  const submit = form.handleSubmit((values) =>
    vacate.mutate(values, {
      onSuccess: () => {
        // A later date is recorded ahead (issue 19): the tenant stays until then.
        toast.success(values.moveOutDate > today ? MSG.moveOutScheduled(dayInWords(values.moveOutDate)) : MSG.roomVacated);
        onDone();
      },
      onError: (err) => {
        applyServerErrors(err, form.setError, ['moveOutDate']);
        toast.error(errorMessage(err));
      },
    }),
  );
  const tenant = room.tenantId?.fullName ?? 'The tenant';
  const moveIn = room.moveInDate?.slice(0, 10);

  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-4 text-slate-800">
        {tenant} moves out of room {room.roomNumber}.
      </p>
      <DateField
        label="Move-out date"
        required
        min={moveIn}
        hint="A later date (after a notice period) is recorded now: the tenant stays until then and the room becomes vacant that day."
        error={form.formState.errors.moveOutDate?.message}
        {...form.register('moveOutDate')}
      />
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onDone} disabled={vacate.isPending} className={secondaryButton}>
          Cancel
        </button>
        <button
          type="submit"
          disabled={vacate.isPending}
          aria-busy={vacate.isPending}
          className="inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-60"
        >
          {vacate.isPending ? 'Vacating...' : 'Vacate'}
        </button>
      </div>
    </form>
  );
}
