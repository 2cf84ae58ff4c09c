/**
 * A periodic background job (the meter-photo sweep, payment reconciliation): runs `run` every `everyMs`,
 * never two at once on this instance (a slow round makes the next tick skip), does not keep the process
 * alive, and reports a failed round to `onError` (the next round tries again). Answers its stopper; an
 * interval of 0 or less starts nothing.
 */
export function startSweep(everyMs: number, run: () => Promise<unknown>, onError: (err: unknown) => void): () => void {
  if (everyMs <= 0) return () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
