import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and a fresh salt, and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('Kiraya123'), hashPassword('Kiraya123')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Kiraya123')).toBe(true);
    expect(await verifyPassword(a, 'kiraya123')).toBe(false);
  });

  it('answers false (never throws) for a malformed stored hash', async () => {
    expect(await verifyPassword('not-a-hash', 'Kiraya123')).toBe(false);
    expect(await verifyPassword('', 'Kiraya123')).toBe(false);
  });

  it('spends a verification on the dummy hash for unknown accounts', async () => {
    await expect(verifyAgainstDummy('whatever1')).resolves.toBeUndefined();
  });
});
