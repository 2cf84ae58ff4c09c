import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, worked out once (ADR 025). @fastify/helmet built a new helmet
 * middleware on every request (parsing the CSP directives each time: the largest single cost of a cached
 * public read in the profile); the headers depend only on the options, so they are computed at start-up by
 * running helmet once against a recording response, and set from that table on every answer.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/** Sets the security headers on every answer, at the start of the request (routes may still change them). */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): Readonly<Record<string, string>> {
  const headers = securityHeaders(options);
  const names = Object.keys(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    done();
  });
  return headers;
}
