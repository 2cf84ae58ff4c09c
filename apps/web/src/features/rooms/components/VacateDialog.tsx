import { noticeEndOf, type Room, vacateBodySchema } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { DateField } from '../../../components/DateInput';
import { secondaryButton, TextAreaField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useRoomLease, useVacateRoom } from '../api/owner';
import { useRoomsT } from '../i18n';

type Values = { moveOutDate: string; reason?: string };

/** Today as YYYY-MM-DD on Kiraya's calendar, India's, whatever the viewer's own time zone (the contract's rule). */
import { todayInIndia } from '@kiraya/contract/dates';

export { todayInIndia };

/**
 * Vacate (B13): confirm that the tenant moves out, on a move-out date: by default when the lease's notice period
 * from today runs out (ADR 041); an earlier date asks for a reason the tenant will see; a later one is recorded ahead.
 */
export function VacateDialog({ room, open, onOpenChange }: { room: Room; open: boolean; onOpenChange: (open: boolean) => void }) {
  const vacate = useVacateRoom(room);
  const lease = useRoomLease(room._id, open);
  const t = useRoomsT();
  const ready = !open || !lease.isPending;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('vacate.title', { room: room.roomNumber })}
      description={t('vacate.description')}
      busy={vacate.isPending}
      size="sm"
    >
      {open && ready ? (
        <VacateForm room={room} vacate={vacate} noticeMonths={lease.data?.terms.noticeMonths ?? 0} onDone={() => onOpenChange(false)} />
      ) : null}
    </Modal>
  );
}

function VacateForm({
  room,
  vacate,
  noticeMonths,
  onDone,
}: {
  room: Room;
  vacate: ReturnType<typeof useVacateRoom>;
  noticeMonths: number;
  onDone: () => void;
}) {
  const t = useRoomsT();
  const msg = useMsg();
  const locale = useLocale();
  const today = todayInIndia();
  const noticeEnds = noticeEndOf(today, noticeMonths);
  const form = useForm<Values>({
    resolver: contractResolver<Values>(vacateBodySchema),
    defaultValues: { moveOutDate: noticeEnds, reason: '' },
  });
  const chosen = form.watch('moveOutDate');
  // Inside the notice period: the server asks for a reason (MSG.moveOutReasonRequired), so does the form.
  const early = !!chosen && chosen < noticeEnds;
  const submit = form.handleSubmit((values) => {
    if (early && !values.reason?.trim()) {
      form.setError('reason', { message: MSG.moveOutReasonRequired(formatLongDate(noticeEnds, 'en-IN')) });
      return;
    }
    const body = early ? { moveOutDate: values.moveOutDate, reason: values.reason?.trim() } : { moveOutDate: values.moveOutDate };
    vacate.mutate(body, {
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
        applyServerErrors(err, form.setError, ['moveOutDate', 'reason']);
        toast.error(errorMessage(err));
      },
    });
  });
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
      {early ? (
        <TextAreaField
          className="mt-4"
          label={t('vacate.reason')}
          required
          maxLength={500}
          hint={t('vacate.reasonHint', { date: formatLongDate(noticeEnds, locale) })}
          error={form.formState.errors.reason?.message ? msg(form.formState.errors.reason.message) : undefined}
          {...form.register('reason')}
        />
      ) : null}
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
