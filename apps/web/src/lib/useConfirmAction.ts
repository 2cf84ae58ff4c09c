import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from './api';

/**
 * What a confirm dialog asks about (`target`, null while closed) and its Confirm: runs the action on it, says
 * `done(target)` or the failure (`failed(error)`, the server's message by default) as a toast, then closes.
 */
export function useConfirmAction<T>(
  run: (target: T) => Promise<unknown>,
  { done, failed = (e) => errorMessage(e) }: { done: (target: T) => string; failed?: (error: unknown) => string },
) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      await run(target);
      toast.success(done(target));
    } catch (e) {
      toast.error(failed(e));
    } finally {
      setTarget(null);
    }
  };
  return { target, ask: setTarget, close: () => setTarget(null), confirm };
}
