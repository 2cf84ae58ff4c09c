import { MSG } from '@kiraya/contract/messages';
import { MODERATION_REASON_MAX, type ModerationActionBody, moderationActionBodySchema } from '@kiraya/contract/moderation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextAreaField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { type ActionBody, useTakeAction } from '../api/admin';

/** An action asked for: what to do, to what, and the name the dialog shows ("Sunny flat in Pune", "Ravi Kumar"). */
export type PendingAction = Omit<ActionBody, 'reason'> & { name: string };

const TEXT: Record<ActionBody['action'], { title: string; confirm: string; busy: string; intro: string; danger: boolean }> = {
  dismiss: {
    title: 'Dismiss the reports',
    confirm: 'Dismiss',
    busy: 'Dismissing...',
    intro: 'The open reports are closed without action. The people who reported are told.',
    danger: false,
  },
  hide: {
    title: 'Hide the listing',
    confirm: 'Hide listing',
    busy: 'Hiding...',
    intro: 'The listing leaves the search, the sitemap and its public page. The owner is told why, with the reason below.',
    danger: true,
  },
  suspend: {
    title: 'Suspend the account',
    confirm: 'Suspend account',
    busy: 'Suspending...',
    intro: 'The person is signed out everywhere and cannot sign in until the account is restored.',
    danger: true,
  },
  restore: {
    title: 'Restore',
    confirm: 'Restore',
    busy: 'Restoring...',
    intro: 'A hidden listing is shown again; a suspended account can sign in again.',
    danger: false,
  },
};

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Dismiss, Hide listing, Suspend account or Restore, each with its reason (3 to 1000 characters), which goes into the
 * append-only audit log (issue 26 item 3). `pending` null keeps the dialog closed.
 */
export function AdminActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const act = useTakeAction();
  return (
    <Modal
      open={pending !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      busy={act.isPending}
      title={pending ? `${TEXT[pending.action].title}: ${pending.name}` : ''}
      description={pending ? TEXT[pending.action].intro : undefined}
    >
      {pending ? (
        <ActionForm key={`${pending.action}:${pending.targetType}:${pending.targetId}`} pending={pending} act={act} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ActionForm({ pending, act, onClose }: { pending: PendingAction; act: ReturnType<typeof useTakeAction>; onClose: () => void }) {
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

  const onSubmit = handleSubmit((body) => {
    setRefusal(null);
    act.mutate(body, {
      onSuccess: () => {
        toast.success(MSG.moderationDone(body.action));
        onClose();
      },
      onError: (e) => {
        if (!applyServerErrors(e, setError, ['reason'])) setRefusal(errorMessage(e));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextAreaField
        label="Reason"
        required
        rows={4}
        maxLength={MODERATION_REASON_MAX}
        hint="Kept in the audit log. The owner of a hidden listing reads it."
        error={errors.reason?.message}
        {...register('reason')}
      />
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {refusal}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onClose} disabled={act.isPending}>
          Cancel
        </button>
        <button type="submit" className={text.danger ? dangerButton : primaryButton} disabled={act.isPending} aria-busy={act.isPending}>
          {act.isPending ? text.busy : text.confirm}
        </button>
      </div>
    </form>
  );
}
