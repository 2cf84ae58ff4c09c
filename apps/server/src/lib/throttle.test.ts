import { describe, expect, it } from 'vitest';
import { WindowCounter } from './throttle.js';

describe('WindowCounter', () => {
  const clock = () => {
    let t = 1_000_000;
    return {
      now: () => t,
      advance: (ms: number) => {
        t += ms;
      },
    };
  };

  it('blocks a key once it reaches the limit within the window', () => {
    const c = clock();
    const w = new WindowCounter(3, 60_000, c.now);
    for (let i = 0; i < 3; i++) {
      expect(w.blocked('a')).toBe(false);
      w.hit('a');
    }
    expect(w.blocked('a')).toBe(true);
    expect(w.blocked('b')).toBe(false);
  });

  it('opens again when the window has passed', () => {
    const c = clock();
    const w = new WindowCounter(2, 60_000, c.now);
    w.hit('a');
    w.hit('a');
    c.advance(59_999);
    expect(w.blocked('a')).toBe(true);
    c.advance(1);
    expect(w.blocked('a')).toBe(false);
    w.hit('a');
    expect(w.blocked('a')).toBe(false);
  });

  it('starts a fresh window for a hit after expiry', () => {
    const c = clock();
    const w = new WindowCounter(2, 1000, c.now);
    w.hit('a');
    c.advance(1500);
    w.hit('a');
    expect(w.blocked('a')).toBe(false);
    w.hit('a');
    expect(w.blocked('a')).toBe(true);
  });

  it('forgets a key on reset', () => {
    const w = new WindowCounter(1, 60_000);
    w.hit('a');
    expect(w.blocked('a')).toBe(true);
    w.reset('a');
    expect(w.blocked('a')).toBe(false);
  });
});
