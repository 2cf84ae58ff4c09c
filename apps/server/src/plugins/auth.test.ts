import { describe, expect, it } from 'vitest';
import { TokenSigner, cookieOptions } from './auth.js';

describe('TokenSigner', () => {
  const signer = new TokenSigner({ jwtSecret: 's'.repeat(40), accessTokenTtlSeconds: 900 });

  it('signs an access token that verifies to its caller', async () => {
    const token = await signer.sign({ userId: '0190f0e4-0000-7000-8000-000000000001', role: 'owner' });
    expect(await signer.verify(token)).toEqual({ userId: '0190f0e4-0000-7000-8000-000000000001', role: 'owner' });
  });

  it('answers expired for an expired token and null for other keys or garbage', async () => {
    const short = new TokenSigner({ jwtSecret: 's'.repeat(40), accessTokenTtlSeconds: -10 });
    expect(await signer.verify(await short.sign({ userId: 'u', role: 'tenant' }))).toBe('expired');
    const other = new TokenSigner({ jwtSecret: 'o'.repeat(40), accessTokenTtlSeconds: 900 });
    expect(await signer.verify(await other.sign({ userId: 'u', role: 'tenant' }))).toBeNull();
    expect(await signer.verify('garbage')).toBeNull();
    expect(await signer.verify('')).toBeNull();
  });
});

describe('cookieOptions', () => {
  it('is httpOnly, SameSite=Lax, whole-site; Secure only in production', () => {
    expect(cookieOptions({ isProduction: false }, 60)).toEqual({ httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: 60 });
    expect(cookieOptions({ isProduction: true }, 60).secure).toBe(true);
  });
});
