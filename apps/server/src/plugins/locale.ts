import { DEFAULT_LOCALE, fromAcceptLanguage, fromCookieHeader, type Locale, resolveLocale } from '@kiraya/contract/locales';
import { localizeMessage } from '@kiraya/contract/localize';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The caller's language (issue 27, ADR 039), resolved once per request: the signed-in user's stored locale
 * (carried in the access token), then the `kiraya_lang` cookie, then `Accept-Language`, then English. Every
 * envelope's `message` and `errors[].message` is answered in it; the error `code` never changes. The texts are
 * `MSG`'s, put into the locale by the contract's `localizeMessage` (a pending key stays English).
 */
declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** The language of a request before authentication (the fast lane of the public cache): cookie, then Accept-Language. */
export function visitorLocale(req: Pick<FastifyRequest, 'headers'>): Locale {
  const { cookie, 'accept-language': accept } = req.headers;
  if (cookie === undefined && accept === undefined) return DEFAULT_LOCALE;
  return fromCookieHeader(cookie) ?? fromAcceptLanguage(accept) ?? DEFAULT_LOCALE;
}

type Envelope = { message?: unknown; errors?: unknown; success?: unknown };

/** An envelope's texts in `locale` (a new object; the one given is not changed). */
export function localizeEnvelope<T>(payload: T, locale: Locale): T {
  if (locale === DEFAULT_LOCALE || payload === null || typeof payload !== 'object') return payload;
  const env = payload as Envelope;
  if (typeof env.success !== 'boolean' || typeof env.message !== 'string') return payload;
  const out: Envelope = { ...env, message: localizeMessage(env.message, locale) };
  if (Array.isArray(env.errors))
    out.errors = env.errors.map((e: { message?: unknown }) =>
      e && typeof e.message === 'string' ? { ...e, message: localizeMessage(e.message, locale) } : e,
    );
  return out as T;
}

/** Registers `req.locale` (after the auth hook) and the translation of every envelope the app sends. */
export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (req, _reply, done) => {
    const { cookie, 'accept-language': accept } = req.headers;
    const user = req.auth?.locale;
    if (user !== undefined || cookie !== undefined || accept !== undefined)
      req.locale = resolveLocale({ user, cookie, acceptLanguage: accept });
    done();
  });
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    done(null, req.locale === DEFAULT_LOCALE ? payload : localizeEnvelope(payload, req.locale));
  });
}
