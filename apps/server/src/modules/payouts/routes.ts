import { MSG, PAYOUTS_EXPORT_PATH } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import * as payouts from './service.js';

/** Payouts through Razorpay Route (issue 24, ADR 031), mounted at /payouts: the owner's own, nobody else's. */
export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // Pending linked accounts and unsettled transfers are checked on an interval once the server listens (never
  // in an app only injected into: tests and commands ask with POST /payouts/check or payoutSweep).
  let stop = () => {};
  app.addHook('onListen', async () => {
    stop = payouts.startPayoutSync(deps, app.log);
  });
  app.addHook('onClose', async () => stop());

  const endpoint = contractRoutes(app, '/payouts', ['payouts']);

  endpoint(
    'payoutAccount',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: "The caller's bank account for payouts (masked: ••••1234) and its linked account status; null before one is added",
      message: MSG.payoutAccountFetched,
    },
    async (req) => payouts.payoutAccount(deps, caller(req).userId),
  );

  endpoint(
    'savePayoutAccount',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: 'Add or change the bank account for payouts (password again): creates or updates the Route linked account',
      message: MSG.payoutAccountSaved,
      // Guessing the password through a stolen session is limited as on change-password.
      config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req) => `payout-pw:${req.auth?.userId ?? req.ip}` } },
    },
    async (req) => payouts.savePayoutAccount(deps, caller(req).userId, req.body, req.log),
  );

  endpoint(
    'checkPayouts',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: "Ask the gateway now: the linked account's status, held payouts released, transfers' settlements",
      message: MSG.payoutsChecked,
      // Each check calls the gateway: the Profile's polling (every 4 s) fits well inside.
      config: { rateLimit: { max: 40, timeWindow: '1 minute', keyGenerator: (req) => `payout-check:${req.auth?.userId ?? req.ip}` } },
    },
    async (req) => payouts.checkPayouts(deps, caller(req).userId, req.log),
  );

  endpoint(
    'payouts',
    {
      policy: { caller: 'owner', object: 'self' },
      summary: "Each online payment's payout (state, fee, net, settlement date and UTR) and the totals per month",
      message: MSG.payoutsFetched,
    },
    async (req) => payouts.listPayouts(deps, caller(req).userId),
  );

  app.get(
    PAYOUTS_EXPORT_PATH.replace(/^\/payouts/, ''),
    {
      config: { policy: { caller: 'owner', object: 'self' } },
      schema: { tags: ['payouts'], summary: "The owner's payouts as a CSV attachment" },
    },
    async (req, reply) => {
      const out = await payouts.payoutsCsv(deps, caller(req).userId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(out.csv);
    },
  );
};
