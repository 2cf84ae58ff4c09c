import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCommonT } from './i18n/common';
import { useReturnFocus } from './returnFocus';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** While busy, Escape, backdrop clicks and the close button do nothing. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
};

const WIDTH = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/** A Radix dialog with Kiraya's frame: focus trap, Escape and backdrop close (unless busy). */
export function Modal({ open, onOpenChange, title, description, busy = false, size = 'md', children }: ModalProps) {
  const t = useCommonT();
  const focus = useReturnFocus(open);
  const change = (next: boolean) => {
    if (!next && busy) return;
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[92vh] w-[calc(100%-1.5rem)] ${WIDTH[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-xl focus:outline-none`}
          {...focus}
          onEscapeKeyDown={(e) => busy && e.preventDefault()}
          onPointerDownOutside={(e) => busy && e.preventDefault()}
          onInteractOutside={(e) => busy && e.preventDefault()}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close
              disabled={busy}
              aria-label={t('modal.close')}
              className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-50"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
