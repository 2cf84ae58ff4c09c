import { MSG } from '@kiraya/contract/messages';
import { MODERATION_REASON_MAX, type ModerationActionBody, moderationActionBodySchema } from '@kiraya/contract/moderation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextAreaField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { type ActionBody, useTakeAction } from '../api/admin';
import { useAdminT } from '../i18n';

/** An action asked for: what to do, to what, and the name the dialog shows ("Sunny flat in Pune", "Ravi Kumar"). */
export type PendingAction = Omit<ActionBody, 'reason'> & { name: string };

/** Each action's texts in the catalogue (`dialog.<action>.*`), and whether it is a red button. */
const DANGER: Record<ActionBody['action'], boolean> = { dismiss: false, hide: true, suspend: true, restore: false };
const TEXT = {
  dismiss: {
    title: 'dialog.dismiss.title',
    confirm: 'dialog.dismiss.confirm',
    busy: 'dialog.dismiss.busy',
    intro: 'dialog.dismiss.intro',
  },
  hide: { title: 'dialog.hide.title', confirm: 'dialog.hide.confirm', busy: 'dialog.hide.busy', intro: 'dialog.hide.intro' },
  suspend: {
    title: 'dialog.suspend.title',
    confirm: 'dialog.suspend.confirm',
    busy: 'dialog.suspend.busy',
    intro: 'dialog.suspend.intro',
  },
  restore: {
    title: 'dialog.restore.title',
    confirm: 'dialog.restore.confirm',
    busy: 'dialog.restore.busy',
    intro: 'dialog.restore.intro',
  },
} as const;

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Dismiss, Hide listing, Suspend account or Restore, each with its reason (3 to 1000 characters), which goes into the
 * append-only audit log (issue 26 item 3). `pending` null keeps the dialog closed.
 */
export function AdminActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const act = useTakeAction();
  const t = useAdminT();
  return (
    <Modal
      open={pending !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      busy={act.isPending}
      title={pending ? t('dialog.heading', { title: t(TEXT[pending.action].title), name: pending.name }) : ''}
      description={pending ? t(TEXT[pending.action].intro) : undefined}
    >
      {pending ? (
        <ActionForm key={`${pending.action}:${pending.targetType}:${pending.targetId}`} pending={pending} act={act} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ActionForm({ pending, act, onClose }: { pending: PendingAction; act: ReturnType<typeof useTakeAction>; onClose: () => void }) {
  const t = useAdminT();
  const msg = useMsg();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { name: _name, ...target } = pending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ModerationActionBody>({
    resolver: contractResolver<ModerationActionBody>(moderationActionBodySchema, { raw: false }),
    defaultValues: { ...target, reason: '' },
  });
  const text = TEXT[pending.action];
  const danger = DANGER[pending.action];

  const onSubmit = handleSubmit((body) => {
    setRefusal(null);
    act.mutate(body, {
      onSuccess: () => {
        toast.success(msg(MSG.moderationDone(body.action)));
        onClose();
      },
      onError: (e) => {
        if (!applyServerErrors(e, setError, ['reason'])) setRefusal(msg(errorMessage(e)));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextAreaField
        label={t('dialog.reason')}
        required
        rows={4}
        maxLength={MODERATION_REASON_MAX}
        hint={t('dialog.reasonHint')}
        error={errors.reason?.message && msg(errors.reason.message)}
        {...register('reason')}
      />
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onClose} disabled={act.isPending}>
          {t('dialog.cancel')}
        </button>
        <button type="submit" className={danger ? dangerButton : primaryButton} disabled={act.isPending} aria-busy={act.isPending}>
          {act.isPending ? t(text.busy) : t(text.confirm)}
        </button>
      </div>
    </form>
  );
}
