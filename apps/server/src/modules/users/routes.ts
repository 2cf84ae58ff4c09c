import { EMAIL_CATEGORY_LABELS, MSG, endpoints as e, errorEnvelope } from '@kiraya/contract';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@kiraya/contract/locales';
import type { FastifyReply } from 'fastify';
import { secureTransport } from '../../config.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer, contractRoutes, mountedAt } from '../../lib/endpoint.js';
import { AppError } from '../../lib/errors.js';
import { WindowCounter } from '../../lib/throttle.js';
import * as reset from './reset.js';
import * as verification from './verification.js';
import { errorResponses, ok } from '../../lib/envelope.js';
import { ACCESS_COOKIE, REFRESH_COOKIE, caller, cookieOptions } from '../../plugins/auth.js';
import * as users from './service.js';

const errors = errorResponses;
const at = mountedAt('/users');

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const { config } = deps;
  // Several instances share the failed-login counts through Redis when it is configured (ADR 018).
  const throttle = new users.LoginThrottle(
    config.rateLimits,
    undefined,
    deps.redis ? { redis: deps.redis, prefix: config.redisPrefix } : undefined,
  );

  const setSessionCookies = (reply: FastifyReply, s: { accessToken: string; refreshToken: string }) => {
    reply.setCookie(ACCESS_COOKIE, s.accessToken, cookieOptions(config, config.accessTokenTtlSeconds));
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, cookieOptions(config, config.refreshTokenTtlDays * 86_400));
  };
  const setLocaleCookie = (reply: FastifyReply, locale: Locale) =>
    reply.setCookie(LOCALE_COOKIE, locale, {
      path: '/',
      sameSite: 'lax',
      secure: secureTransport(config),
      httpOnly: false,
      maxAge: LOCALE_COOKIE_MAX_AGE,
    });
  const clearSessionCookies = (reply: FastifyReply) => {
    reply.clearCookie(ACCESS_COOKIE, { path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { path: '/' });
  };

  app.post(
    at('register'),
    {
      config: {
        policy: { caller: 'public' },
        rateLimit: { max: config.rateLimits.signupsPerHour, timeWindow: '1 hour', errorResponseBuilder: () => tooMany(MSG.tooManySignups) },
      },
      schema: {
        tags: ['users'],
        summary: 'Sign up as a house owner or a tenant',
        body: e.register.body,
        response: { 201: e.register.response, ...errors },
      },
    },
    async (req, reply) => {
      // A visitor's language (their switch, or their browser's) is the new account's (issue 27, ADR 039).
      const user = await users.registerUser(deps, req.body, {}, req.locale);
      return reply.status(201).send(ok(user, 'User registered successfully', 201));
    },
  );

  app.post(
    at('login'),
    {
      config: { policy: { caller: 'public' }, rateLimit: { max: config.rateLimits.loginsPerIpPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Sign in; sets the accessToken and (httpOnly only) refreshToken cookies',
        body: e.login.body,
        response: { 200: e.login.response, ...errors },
      },
    },
    async (req, reply) => {
      const session = await users.login(deps, throttle, req.body.email, req.body.password, req.ip);
      setSessionCookies(reply, session);
      // Signing in adopts the user's stored language (issue 27, ADR 039): the page reads the cookie, and this answer is in it.
      setLocaleCookie(reply, session.locale);
      req.locale = session.locale;
      // The refresh token travels only in its httpOnly cookie (ADR 003, B19); the access token stays for Bearer clients.
      return ok({ user: session.user, accessToken: session.accessToken }, MSG.loginSuccess);
    },
  );

  app.post(
    at('logout'),
    {
      config: { policy: { caller: 'public' } },
      schema: { tags: ['users'], summary: 'Sign out; revokes this login', response: { 200: e.logout.response, ...errors } },
    },
    async (req, reply) => {
      await users.logout(deps, req.cookies[REFRESH_COOKIE] ?? bodyToken(req.body));
      clearSessionCookies(reply);
      return ok({}, MSG.loggedOut);
    },
  );

  app.post(
    at('refreshToken'),
    {
      config: { policy: { caller: 'public' }, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Rotate the refresh token (cookie) and issue a new access token',
        // Browsers post nothing (the token is in the cookie); Fastify hands an absent body over as null.
        body: e.refreshToken.body,
        response: { 200: e.refreshToken.response, ...errors },
      },
    },
    async (req, reply) => {
      try {
        const s = await users.refreshSession(deps, req.cookies[REFRESH_COOKIE] ?? req.body?.refreshToken);
        setSessionCookies(reply, s);
        return ok({ accessToken: s.accessToken }, 'Access token refreshed');
      } catch (e) {
        // A parallel refresh from another tab won the race: its new cookies must survive this answer.
        if (!(e instanceof users.ConcurrentRefreshError)) clearSessionCookies(reply);
        throw e;
      }
    },
  );

  app.get(
    at('currentUser'),
    {
      config: { policy: { caller: 'signedIn', object: 'self' } },
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, with incoming requests',
        response: { 200: e.currentUser.response, ...errors },
      },
    },
    async (req) => ok(await users.getCurrentUser(deps, caller(req).userId), 'Current user fetched'),
  );

  app.put(
    at('updateAccount'),
    {
      config: { policy: { caller: 'signedIn', object: 'self' } },
      schema: {
        tags: ['users'],
        summary: 'Update your profile (role cannot change)',
        body: e.updateAccount.body,
        response: { 200: e.updateAccount.response, ...errors },
      },
    },
    async (req) => ok(await users.updateAccount(deps, caller(req).userId, req.body), MSG.profileUpdated),
  );

  app.post(
    at('changePassword'),
    {
      // Guessing the current password through a stolen session is limited like logins are.
      config: {
        policy: { caller: 'signedIn', object: 'self' },
        rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req) => `pw:${req.auth?.userId ?? req.ip}` },
      },
      schema: {
        tags: ['users'],
        summary: 'Change your password; ends your other logins (their tokens and live streams)',
        body: e.changePassword.body,
        response: { 200: e.changePassword.response, ...errors },
      },
    },
    async (req) => {
      await users.changePassword(deps, caller(req), req.body);
      return ok({}, MSG.passwordChanged);
    },
  );

  app.post(
    at('revealIdentity'),
    {
      // Asking for the password again is limited like Change password (guessing through a stolen session).
      config: {
        policy: { caller: 'signedIn', object: 'self' },
        rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req) => `pw:${req.auth?.userId ?? req.ip}` },
      },
      schema: {
        tags: ['users'],
        summary: 'Your full Aadhaar number and PAN (masked in every other answer), after your password (ADR 043)',
        body: e.revealIdentity.body,
        response: { 200: e.revealIdentity.response, ...errors },
      },
    },
    async (req) => ok(await users.revealIdentity(deps, caller(req).userId, req.body.currentPassword), MSG.identityRevealed),
  );

  app.get(
    at('searchTenants'),
    {
      config: { policy: { caller: 'owner' }, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Owners: find tenants by username, or by exact email or phone',
        querystring: e.searchTenants.query,
        response: { 200: e.searchTenants.response, ...errors },
      },
    },
    async (req) => ok(await users.searchTenants(deps, req.query.query), 'Search results'),
  );

  app.get(
    at('checkUsername'),
    {
      config: { policy: { caller: 'public' }, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Is a username free? (sign-up wizard)',
        querystring: e.checkUsername.query,
        response: { 200: e.checkUsername.response, ...errors },
      },
    },
    async (req) => {
      const r = await users.checkUsername(deps, req.query.username);
      return ok(r, r.message);
    },
  );

  app.post(
    at('checkAvailability'),
    {
      config: {
        policy: { caller: 'public' },
        // As many answers per network as sign-up itself gives (each refused sign-up names its taken field).
        rateLimit: {
          max: config.rateLimits.signupsPerHour,
          timeWindow: '1 hour',
          errorResponseBuilder: () => tooMany(MSG.tooManyAvailabilityChecks),
        },
      },
      schema: {
        tags: ['users'],
        summary: 'Are an email and a phone number free? (sign-up wizard, step 3)',
        body: e.checkAvailability.body,
        response: { 200: e.checkAvailability.response, ...errors },
      },
    },
    async (req) => ok(await users.checkAvailability(deps, req.body), 'Availability checked'),
  );

  // Password reset, email settings and unsubscribe (issue 25).
  const endpoint = contractRoutes(app, '/users', ['users']);
  app.addHook('onClose', async () => reset.forgotPasswordsSettled());
  const resetLimit = config.rateLimits.resetsPer15Minutes ?? 10;
  // Per address asked for (any network): the same for unknown addresses, so it tells nothing.
  const perEmail = new WindowCounter(resetLimit, 15 * 60_000);
  endpoint(
    'forgotPassword',
    {
      policy: { caller: 'public' },
      summary: 'Email a password reset link (always the same answer, whether or not an account uses the address)',
      message: MSG.forgotPasswordSent,
      config: { rateLimit: { max: resetLimit, timeWindow: '15 minutes', errorResponseBuilder: () => tooMany(MSG.tooManyResets) } },
    },
    async (req) => {
      const key = req.body.email.toLowerCase();
      if (perEmail.blocked(key)) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyResets);
      perEmail.hit(key);
      // Answered at once, the work queued: the same time whether or not an account uses the address (ADR 043).
      reset.queueForgotPassword(deps, req.body.email, req.log);
      return {};
    },
  );
  endpoint(
    'resetPassword',
    {
      policy: { caller: 'public' },
      summary: 'Set a new password with the token from the reset email; ends every session, signs nobody in',
      message: MSG.passwordReset,
      config: { rateLimit: { max: resetLimit * 2, timeWindow: '15 minutes', errorResponseBuilder: () => tooMany(MSG.tooManyResets) } },
    },
    async (req) => {
      await reset.resetPassword(deps, req.body.token, req.body.password);
      return {};
    },
  );
  // The language (issue 27, ADR 039): stored for the user, mirrored in the cookie the pages read, and carried by a
  // fresh access token (the old token's language would otherwise win until it expires).
  endpoint(
    'updateLocale',
    { policy: { caller: 'signedIn', object: 'self' }, summary: 'Read Kiraya in en-IN or hi-IN', message: MSG.localeSaved },
    async (req, reply) => {
      const locale = req.body.locale;
      const token = await users.setLocale(deps, caller(req), locale);
      reply.setCookie(ACCESS_COOKIE, token, cookieOptions(config, config.accessTokenTtlSeconds));
      setLocaleCookie(reply, locale);
      req.locale = locale;
      return { locale };
    },
  );
  endpoint(
    'emailPrefs',
    { policy: { caller: 'signedIn', object: 'self' }, summary: 'Your email settings per category', message: MSG.emailPrefsFetched },
    async (req) => reset.emailPrefs(deps, caller(req).userId),
  );
  endpoint(
    'updateEmailPrefs',
    { policy: { caller: 'signedIn', object: 'self' }, summary: 'Switch email categories on or off', message: MSG.emailPrefsSaved },
    async (req) => reset.updateEmailPrefs(deps, caller(req).userId, req.body),
  );
  // Email verification and phone codes (issue 25 item 4, issue 26 item 2, ADR 033).
  endpoint(
    'verifyEmail',
    {
      policy: { caller: 'public' },
      summary: "Verify an email address with the token from its link (the account's own, or a new one waiting); works signed out",
      message: MSG.emailVerified,
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
    },
    async (req) => {
      const r = await verification.verifyEmail(deps, req.body.token);
      return { email: r.email };
    },
  );
  endpoint(
    'resendVerifyEmail',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: 'Email a new verification link to the address waiting for one (3 an hour)',
      message: MSG.verifyEmailSent(''),
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (req) => `verify:${req.auth?.userId ?? req.ip}` } },
    },
    async (req) => {
      const to = await verification.resendVerification(deps, caller(req).userId);
      return answer({}, MSG.verifyEmailSent(to));
    },
  );
  endpoint(
    'sendPhoneCode',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: 'Text a 6-digit code to your phone number (10 minutes; 3 per 15 minutes and 10 a day per account and number)',
      message: MSG.phoneCodeSent(''),
      config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: (req) => `otp:${req.auth?.userId ?? req.ip}` } },
    },
    async (req) => {
      const sent = await verification.sendPhoneCode(deps, caller(req).userId);
      return answer(sent, MSG.phoneCodeSent(sent.maskedPhone));
    },
  );
  endpoint(
    'confirmPhoneCode',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: 'Verify your phone number with the code from the SMS (5 tries per code)',
      message: MSG.phoneVerified,
      config: { rateLimit: { max: 20, timeWindow: '15 minutes', keyGenerator: (req) => `otp-confirm:${req.auth?.userId ?? req.ip}` } },
    },
    async (req) => {
      const me = caller(req).userId;
      await verification.confirmPhoneCode(deps, me, req.body.code);
      return users.getCurrentUser(deps, me);
    },
  );
  // Mail providers post RFC 8058's one-click form (List-Unsubscribe=One-Click): accepted here only, and ignored.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, {}),
    );
    contractRoutes(scope, '/users', ['users'])(
      'unsubscribe',
      {
        policy: { caller: 'public' },
        summary: "One-click unsubscribe (RFC 8058) from an email's category, by its signed link; works signed out",
        message: MSG.unsubscribed('these'),
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (req) => {
        req.locale = await reset.unsubscribe(deps, req.query.u, req.query.c, req.query.s);
        return answer({ category: req.query.c }, MSG.unsubscribed(EMAIL_CATEGORY_LABELS[req.query.c].label.toLowerCase()));
      },
    );
  });
};

const tooMany = (message: string) => errorEnvelope('TOO_MANY_REQUESTS', message, [{ path: '', message }]);

const bodyToken = (body: unknown): string | undefined =>
  body && typeof body === 'object' && typeof (body as { refreshToken?: unknown }).refreshToken === 'string'
    ? (body as { refreshToken: string }).refreshToken
    : undefined;
