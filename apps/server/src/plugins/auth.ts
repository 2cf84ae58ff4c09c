import { MSG } from '@kiraya/contract';
import type { Role } from '@kiraya/contract';
import { isLocale, type Locale } from '@kiraya/contract/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { type Config, secureTransport, type TransportConfig } from '../config.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { SessionRevocations } from '../lib/sessions.js';

/** The caller of an access token; `sessionId` is the login (refresh-token family) it was issued under. */
export type AuthUser = { userId: string; role: Role; sessionId: string; locale?: Locale };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
    authExpired: boolean;
  }
}

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(private readonly config: Pick<Config, 'jwtSecret' | 'accessTokenTtlSeconds'>) {
    this.key = new TextEncoder().encode(config.jwtSecret);
  }

  sign(user: AuthUser): Promise<string> {
    // `lng`: the user's stored language (issue 27, ADR 039), so a request knows it without a database read.
    return new SignJWT({ role: user.role, typ: 'access', sid: user.sessionId, ...(user.locale ? { lng: user.locale } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.config.accessTokenTtlSeconds}s`)
      .sign(this.key);
  }

  /** The caller of a valid access token, 'expired' for an expired one, null for anything else. */
  async verify(token: string): Promise<AuthUser | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
      if (payload.role !== 'owner' && payload.role !== 'tenant' && payload.role !== 'admin') return null;
      // Tokens without a session (signed before sessions could end, issue 18) are refused: the client refreshes.
      if (typeof payload.sid !== 'string') return null;
      return { userId: payload.sub, role: payload.role, sessionId: payload.sid, ...(isLocale(payload.lng) ? { locale: payload.lng } : {}) };
    } catch (e) {
      return (e as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : null;
    }
  }
}

export function cookieOptions(config: TransportConfig, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureTransport(config),
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads the caller from the access cookie or a Bearer header; refuses state changes from foreign origins;
 * marks API answers `Cache-Control: no-store` unless the route set its own. The token of an ended session
 * (`sessions`, lib/sessions.ts) counts as expired: no caller, and 401 "Your session has expired".
 */
export function registerAuth(
  app: FastifyInstance,
  config: Config,
  signer: TokenSigner,
  sessions?: Pick<SessionRevocations, 'isRevoked'>,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authExpired', false);

  // Callback-style hooks (ADR 025): a request without a token (every visitor's read) costs no promise.
  const authenticate = async (req: FastifyRequest, token: string): Promise<void> => {
    const result = await signer.verify(token);
    if (result === 'expired') req.authExpired = true;
    else if (result) {
      // A Map lookup while the revocation set is current (every instance hears revocations at once).
      const revoked = sessions ? sessions.isRevoked(result.sessionId) : false;
      if (revoked === true || (revoked !== false && (await revoked))) req.authExpired = true;
      else req.auth = result;
    }
  };
  app.addHook('onRequest', (req, _reply, done) => {
    if (MUTATING.has(req.method)) {
      const origin = req.headers.origin;
      // An opaque origin ("null": sandboxed frames, file://) is never trusted.
      if (origin && (origin === 'null' || !isTrustedOrigin(origin, req, config))) return done(forbidden(MSG.foreignOrigin));
    }
    const header = req.headers.authorization;
    // The auth scheme is case-insensitive (RFC 9110); a Bearer header wins over the cookie.
    const bearer = header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    const token = bearer ?? req.cookies[ACCESS_COOKIE];
    if (!token) return done();
    authenticate(req, token).then(() => done(), done);
  });

  // API answers carry personal data (the current user, tenant details, tokens): no cache may keep them,
  // unless the route chose its own caching (public listings set Cache-Control themselves).
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

const API_PREFIX = '/api/v1/';

function isTrustedOrigin(origin: string, req: FastifyRequest, config: Config): boolean {
  if (config.trustedOrigins.includes(origin)) return true;
  try {
    // Same origin as the request itself (the app is served by this process). `req.host` reads
    // X-Forwarded-Host only when the proxy is trusted; the Host header is read with the origin's
    // scheme so that a default port (localhost:80 and http://localhost) compares equal.
    const o = new URL(origin);
    const host = req.host;
    return !!host && new URL(`${o.protocol}//${host}`).host === o.host;
  } catch {
    return false;
  }
}

/** The signed-in caller inside a handler whose policy (plugins/policy.ts) requires one. */
export function caller(req: FastifyRequest): AuthUser {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
