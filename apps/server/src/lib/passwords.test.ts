import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashOptionsFor, hashPassword, PRODUCTION_HASH_OPTIONS, verifyAgainstDummy, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('pins production at OWASP argon2id (19 MiB, 2 passes, 1 lane); only a test process with the switch hashes cheaply', () => {
    expect(PRODUCTION_HASH_OPTIONS).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    for (const NODE_ENV of ['production', 'development', undefined]) {
      expect(hashOptionsFor({ NODE_ENV, KIRAYA_CHEAP_PASSWORD_HASH: '1' })).toBe(PRODUCTION_HASH_OPTIONS);
    }
    expect(hashOptionsFor({ NODE_ENV: 'test' })).toBe(PRODUCTION_HASH_OPTIONS);
    expect(hashOptionsFor({ NODE_ENV: 'test', KIRAYA_CHEAP_PASSWORD_HASH: '1' }).memoryCost).toBeLessThan(1024);
  });

  it('hashes at production cost with argon2id and a fresh salt, and verifies', async () => {
    const [a, b] = await Promise.all([hash('Kiraya123', PRODUCTION_HASH_OPTIONS), hash('Kiraya123', PRODUCTION_HASH_OPTIONS)]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Kiraya123')).toBe(true);
    expect(await verifyPassword(a, 'kiraya123')).toBe(false);
  });

  it('hashes with argon2id in this process too (whatever its cost), and verifies', async () => {
    const a = await hashPassword('Kiraya123');
    expect(a).toMatch(/^\$argon2id\$v=19\$/);
    expect(await verifyPassword(a, 'Kiraya123')).toBe(true);
    expect(await verifyPassword(a, 'Kiraya124')).toBe(false);
  });

  it('answers false (never throws) for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'Kiraya123')).toBe(false);
    expect(await verifyPassword('', 'Kiraya123')).toBe(false);
  });

  it('spends a verification on the dummy hash for unknown accounts', async () => {
    await expect(verifyAgainstDummy('whatever1')).resolves.toBeUndefined();
  });
});
