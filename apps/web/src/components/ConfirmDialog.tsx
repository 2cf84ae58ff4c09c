import * as Dialog from '@radix-ui/react-dialog';
import { useCommonT } from './i18n/common';
import { useReturnFocus } from './returnFocus';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  /** Disables both buttons, shows "Deleting..." and keeps the dialog open (spec 2). */
  busy?: boolean;
  title?: string;
  text?: string;
  confirmLabel?: string;
  busyLabel?: string;
};

/** The delete confirmation (for properties, rooms and bills): closes on Escape or backdrop unless busy. */
export function ConfirmDialog({ open, onOpenChange, onConfirm, busy = false, title, text, confirmLabel, busyLabel }: ConfirmDialogProps) {
  const t = useCommonT();
  const focus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
          {...focus}
          onEscapeKeyDown={(e) => busy && e.preventDefault()}
          onPointerDownOutside={(e) => busy && e.preventDefault()}
          onInteractOutside={(e) => busy && e.preventDefault()}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title ?? t('confirm.title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">{text ?? t('confirm.text')}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close
              disabled={busy}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              {t('confirm.cancel')}
            </Dialog.Close>
            <button
              type="button"
              disabled={busy}
              aria-busy={busy}
              onClick={onConfirm}
              className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
            >
              {busy ? (busyLabel ?? t('confirm.deleting')) : (confirmLabel ?? t('confirm.delete'))}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
