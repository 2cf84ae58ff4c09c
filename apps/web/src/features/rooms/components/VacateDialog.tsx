import { type Room, vacateBodySchema } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { DateField } from '../../../components/DateInput';
import { secondaryButton } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useVacateRoom } from '../api/owner';
import { useRoomsT } from '../i18n';

type Values = { moveOutDate: string };

/** Today as YYYY-MM-DD on Kiraya's calendar, India's, whatever the viewer's own time zone (the contract's rule). */
import { todayInIndia } from '@kiraya/contract/dates';

export { todayInIndia };

/** Vacate (B13): confirm that the tenant moves out, on a move-out date (today unless changed; a later one is recorded ahead). */
export function VacateDialog({ room, open, onOpenChange }: { room: Room; open: boolean; onOpenChange: (open: boolean) => void }) {
  const vacate = useVacateRoom(room);
  const t = useRoomsT();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('vacate.title', { room: room.roomNumber })}
      description={t('vacate.description')}
      busy={vacate.isPending}
      size="sm"
    >
      {open ? <VacateForm room={room} vacate={vacate} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function VacateForm({ room, vacate, onDone }: { room: Room; vacate: ReturnType<typeof useVacateRoom>; onDone: () => void }) {
  const t = useRoomsT();
  const msg = useMsg();
  const locale = useLocale();
  const today = todayInIndia();
  const form = useForm<Values>({ resolver: contractResolver<Values>(vacateBodySchema), defaultValues: { moveOutDate: today } });
  const submit = form.handleSubmit((values) =>
    vacate.mutate(values, {
      onSuccess: () => {
        // A later date is recorded ahead (issue 19): the tenant stays until then.
        toast.success(
          values.moveOutDate > today
            ? // The day in the page's language ("1 November 2026", "1 नवंबर 2026"): the message carries it as it is given.
              msg(MSG.moveOutScheduled(formatLongDate(values.moveOutDate, locale)))
            : msg(MSG.roomVacated),
        );
        onDone();
      },
      onError: (err) => {
        applyServerErrors(err, form.setError, ['moveOutDate']);
        toast.error(errorMessage(err));
      },
    }),
  );
  const moveIn = room.moveInDate?.slice(0, 10);

  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-4 text-slate-800">
        {room.tenantId
          ? t('vacate.who', { tenant: room.tenantId.fullName, room: room.roomNumber })
          : t('vacate.whoUnknown', { room: room.roomNumber })}
      </p>
      <DateField
        label={t('vacate.date')}
        required
        min={moveIn}
        hint={t('vacate.hint')}
        error={form.formState.errors.moveOutDate?.message ? msg(form.formState.errors.moveOutDate.message) : undefined}
        {...form.register('moveOutDate')}
      />
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onDone} disabled={vacate.isPending} className={secondaryButton}>
          {t('vacate.cancel')}
        </button>
        <button
          type="submit"
          disabled={vacate.isPending}
          aria-busy={vacate.isPending}
          className="inline-flex items-center justify-center rounded-lg bg-red-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-red-800 disabled:opacity-60"
        >
          {vacate.isPending ? t('vacate.busy') : t('vacate.submit')}
        </button>
      </div>
    </form>
  );
}
