import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { TokenSigner, cookieOptions, registerAuth } from './auth.js';

describe('TokenSigner', () => {
  const signer = new TokenSigner({ jwtSecret: 's'.repeat(40), accessTokenTtlSeconds: 900 });

  it('signs an access token that verifies to its caller', async () => {
    const caller = {
      userId: '0190f0e4-0000-7000-8000-000000000001',
      role: 'owner' as const,
      sessionId: '0190f0e4-0000-7000-8000-0000000000aa',
    };
    expect(await signer.verify(await signer.sign(caller))).toEqual(caller);
  });

  it('answers expired for an expired token and null for other keys or garbage', async () => {
    const short = new TokenSigner({ jwtSecret: 's'.repeat(40), accessTokenTtlSeconds: -10 });
    expect(await signer.verify(await short.sign({ userId: 'u', role: 'tenant', sessionId: 's' }))).toBe('expired');
    const other = new TokenSigner({ jwtSecret: 'o'.repeat(40), accessTokenTtlSeconds: 900 });
    expect(await signer.verify(await other.sign({ userId: 'u', role: 'tenant', sessionId: 's' }))).toBeNull();
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

describe('Cache-Control on API answers', () => {
  it('defaults /api/v1 answers to no-store, keeps a route\u2019s own Cache-Control, leaves other paths alone', async () => {
    const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 's'.repeat(40), DATA_KEY: 'k'.repeat(40) });
    const app = Fastify();
    await app.register(cookie);
    registerAuth(app, config, new TokenSigner(config));
    app.get('/api/v1/private', async () => ({ me: 'someone' }));
    app.get('/api/v1/public', async (_req, reply) => reply.header('cache-control', 'public, max-age=60').send({ list: [] }));
    app.get('/api/v1/fails', async () => {
      throw new Error('boom');
    });
    app.get('/assets/app.js', async () => 'js');
    try {
      expect((await app.inject('/api/v1/private')).headers['cache-control']).toBe('no-store');
      expect((await app.inject('/api/v1/fails')).headers['cache-control']).toBe('no-store');
      expect((await app.inject('/api/v1/public')).headers['cache-control']).toBe('public, max-age=60');
      expect((await app.inject('/assets/app.js')).headers['cache-control']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
