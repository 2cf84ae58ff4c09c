import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSweep } from './sweep.js';

describe('startSweep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs every interval, never two rounds at once, reports a failed round and stops', async () => {
    let release = () => {};
    const run = vi.fn(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    const onError = vi.fn();
    const stop = startSweep(1000, run, onError);
    await vi.advanceTimersByTimeAsync(3500);
    expect(run).toHaveBeenCalledTimes(1); // the first round is still running: the next ticks skip
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    run.mockImplementationOnce(() => Promise.reject(new Error('boom')));
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(4); // a failed round does not stop the sweep
    stop();
    release();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(4);
  });

  it('starts nothing for an interval of 0', async () => {
    const run = vi.fn(async () => {});
    startSweep(0, run, () => {})();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).not.toHaveBeenCalled();
  });
});
