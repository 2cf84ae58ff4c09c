import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema.js';
import { createTenant } from '../seed/factories.js';
import { type TestContext, createTestContext } from '../test/harness.js';
import { newId } from './ids.js';
import { SessionRevocations, notifySessionsEnded, parseSessionIds } from './sessions.js';

let ctx: TestContext;
let userId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await createTenant(ctx.deps))._id;
});
afterAll(() => ctx.close());

const log = { warn: () => undefined };
const TTL_S = 900;

/** A family of one refresh token, revoked `agoMs` ago (or not revoked). */
async function family(revokedAgoMs: number | null): Promise<string> {
  const familyId = newId();
  await ctx.deps.db.insert(refreshTokens).values({
    id: newId(),
    userId,
    familyId,
    tokenHash: newId(),
    expiresAt: new Date(Date.now() + 86_400_000),
    revokedAt: revokedAgoMs === null ? null : new Date(Date.now() - revokedAgoMs),
  });
  return familyId;
}

describe('SessionRevocations', () => {
  it('loads at start the sessions ended within an access token’s life (plus a minute), not older ones', async () => {
    const recent = await family(10 * 60_000);
    const old = await family(17 * 60_000);
    const live = await family(null);
    const s = new SessionRevocations(ctx.deps.db, TTL_S);
    const stop = await s.start(log);
    try {
      expect(s.isRevoked(recent)).toBe(true);
      expect(s.isRevoked(old)).toBe(false);
      expect(s.isRevoked(live)).toBe(false);
    } finally {
      await stop();
    }
  });

  it('hears sessions ended through the channel, and tells its listeners', async () => {
    const s = new SessionRevocations(ctx.deps.db, TTL_S);
    const stop = await s.start(log);
    const heard: string[][] = [];
    s.onEnded((ids) => heard.push(ids));
    try {
      const id = newId();
      await ctx.deps.db.transaction((tx) => notifySessionsEnded(tx as unknown as typeof ctx.deps.db, [id]));
      for (let i = 0; i < 100 && !s.has(id); i++) await new Promise((r) => setTimeout(r, 10));
      expect(s.isRevoked(id)).toBe(true);
      expect(heard).toContainEqual([id]);
    } finally {
      await stop();
    }
  });

  it('drops an entry once the longest access token it could cover has expired', () => {
    let now = 1_000_000;
    const s = new SessionRevocations(ctx.deps.db, TTL_S, () => now);
    const id = newId();
    s.ended([id]);
    now += TTL_S * 1000 + 59_000;
    expect(s.has(id)).toBe(true);
    now += 2_000;
    expect(s.has(id)).toBe(false);
    s.ended([newId()]); // sweeps
    expect(s.size).toBe(1);
  });

  it('asks the database while it is not listening (its set may be missing revocations)', async () => {
    const s = new SessionRevocations(ctx.deps.db, TTL_S); // never started
    const revoked = await family(1000);
    const live = await family(null);
    await expect(s.isRevoked(revoked)).resolves.toBe(true);
    await expect(s.isRevoked(live)).resolves.toBe(false);
    // What it learnt is kept: the next answer comes from memory.
    expect(s.isRevoked(revoked)).toBe(true);
  });

  it('reads only session ids from a notice', () => {
    const id = newId();
    expect(parseSessionIds(JSON.stringify([id, 'x', 3, null]))).toEqual([id]);
    expect(parseSessionIds('{"a":1}')).toEqual([]);
    expect(parseSessionIds('not json')).toEqual([]);
  });
});
