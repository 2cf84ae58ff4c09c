import { describe, expect, it } from 'vitest';
import { FieldCrypto, randomToken, sha256 } from './crypto.js';

describe('FieldCrypto', () => {
  const a = new FieldCrypto('a'.repeat(40));
  const b = new FieldCrypto('b'.repeat(40));

  it('round-trips and uses a fresh IV each time', () => {
    const c1 = a.encrypt('234567890124');
    const c2 = a.encrypt('234567890124');
    expect(c1).not.toBe(c2);
    expect(c1).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a.decrypt(c1)).toBe('234567890124');
  });

  it('cannot be read with another key', () => {
    expect(() => b.decrypt(a.encrypt('234567890124'))).toThrow();
  });

  it('gives a stable keyed lookup hash that differs per key and per value', () => {
    expect(a.lookupHash('234567890124')).toBe(a.lookupHash('234567890124'));
    expect(a.lookupHash('234567890124')).not.toBe(b.lookupHash('234567890124'));
    expect(a.lookupHash('234567890124')).not.toBe(a.lookupHash('234567890125'));
    expect(a.lookupHash('234567890124')).not.toContain('234567890124');
  });
});

describe('tokens', () => {
  it('makes 256-bit random tokens and hashes them', () => {
    const t = randomToken();
    expect(Buffer.from(t, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(t);
    expect(sha256(t)).toBe(sha256(t));
    expect(sha256(t)).not.toBe(t);
  });
});
