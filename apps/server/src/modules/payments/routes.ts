import { MSG, PAYMENT_WEBHOOK_PATH } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { errorResponses as errors } from '../../lib/envelope.js';
import { countPayment } from '../../lib/metrics.js';
import { AppError, notFound } from '../../lib/errors.js';
import { caller } from '../../plugins/auth.js';
import { gatewayFor, signatureMatches, webhookSignature } from './gateway.js';
import * as credit from './credit.js';
import * as offline from './reports.js';
import * as receipts from './receipts.js';
import * as pay from './service.js';

/** Webhook deliveries are small JSON events; anything larger is refused before it is read. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  // The reconciliation sweep starts once the server listens, like every module's jobs: an app only injected into
  // (tests, operator commands) never starts it.
  let stop = () => {};
  app.addHook('onListen', async () => {
    stop = pay.startReconciler(deps, app.log);
  });
  app.addHook('onClose', async () => stop());

  // Payments (ADR 019). Mounted at the API root: the paths span /bills and /payments.
  const endpoint = contractRoutes(app, '', ['payments']);

  endpoint(
    'createOrder',
    {
      policy: { caller: 'tenant', object: 'roomTenant' },
      summary: "Create a payment order for your room: at least ₹1, at most what the room's bills still owe",
      message: MSG.orderCreated,
      config: {
        // Per signed-in tenant (issue 18: 8 tenants made 120 orders a second): each order is a gateway call.
        rateLimit: {
          max: deps.config.rateLimits.ordersPerUserPerMinute ?? 20,
          timeWindow: '1 minute',
          keyGenerator: (req) => `order:${req.auth?.userId ?? req.ip}`,
        },
      },
    },
    async (req) => pay.createOrder(deps, caller(req).userId, req.body),
  );

  endpoint(
    'verifyPayment',
    {
      policy: { caller: 'tenant', object: 'orderTenant' },
      summary: "Verify the checkout's signature for one of your orders and record the payment (once)",
      message: MSG.paymentSuccessful,
    },
    async (req) => pay.verifyPayment(deps, caller(req).userId, req.body, req.log),
  );

  endpoint(
    'sandboxPay',
    {
      policy: { caller: 'tenant', object: 'orderTenant' },
      summary: 'Sandbox gateway only: pay (or fail to pay) one of your orders, signed like Razorpay',
      message: 'Sandbox payment made',
    },
    async (req) => pay.sandboxPay(deps, caller(req).userId, req.body),
  );

  endpoint(
    'checkOrder',
    {
      policy: { caller: 'tenant', object: 'orderTenant' },
      summary: 'Ask the gateway whether one of your orders was paid (records a captured payment)',
      message: 'Order checked',
    },
    async (req) => pay.checkOrder(deps, caller(req).userId, req.params.id, req.log),
  );

  endpoint(
    'myPayments',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: "Your payments: a tenant's made, an owner's received (newest first), optionally for one room",
      message: MSG.paymentsFetched,
    },
    async (req) => pay.myPayments(deps, caller(req), req.query.roomId),
  );

  endpoint(
    'paySummary',
    {
      policy: { caller: 'tenant', object: 'roomTenant' },
      summary: 'What your room owes, bill by bill in the order a payment settles them, and whether online payment is on',
      message: MSG.paySummaryFetched,
    },
    async (req) => pay.paySummary(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'roomCredit',
    {
      policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' },
      summary: "A room's credit (paid beyond what its bills took) and its refunds: its owner, and its tenant for their own tenancy",
      message: MSG.creditFetched,
    },
    async (req) => credit.roomCredit(deps, caller(req), req.params.id),
  );

  endpoint(
    'refundCredit',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: "Record a refund of your tenant's credit for a room, with its reference (at most the credit)",
      message: MSG.creditRefunded,
    },
    async (req) => credit.refundCredit(deps, caller(req).userId, req.body),
  );

  endpoint(
    'receipt',
    {
      policy: { caller: 'signedIn', object: 'paymentParty', discloses: 'roomOwnerContact' },
      summary: "A payment's receipt, for its payer and the room's owner only",
      message: MSG.receiptFetched,
    },
    async (req) => receipts.receipt(deps, caller(req), req.params.id),
  );

  endpoint(
    'rentReceipt',
    {
      policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' },
      summary: 'A rent receipt for HRA (B18): rent paid for a room in a month or a financial year',
      message: MSG.receiptFetched,
    },
    async (req) => receipts.rentReceipt(deps, caller(req), req.query),
  );

  // Rent paid outside the gateway (issue 23).
  endpoint(
    'recordPayment',
    {
      policy: { caller: 'owner', object: 'roomMoneyOwner' },
      summary: 'Record rent received outside the gateway (cash, UPI, bank transfer, cheque): settles bills oldest first, with a receipt',
      message: MSG.paymentRecorded,
    },
    async (req) => offline.recordPayment(deps, caller(req).userId, req.body),
  );

  endpoint(
    'reportPayment',
    {
      policy: { caller: 'tenant', object: 'roomTenant' },
      summary: 'Report a UPI payment you made straight to your owner, with its UTR: pending until the owner confirms it',
      message: MSG.paymentReported,
    },
    async (req) => offline.reportPayment(deps, caller(req).userId, req.body),
  );

  endpoint(
    'paymentReports',
    {
      policy: { caller: 'signedIn', object: 'self' },
      summary: "Reported UPI payments: a tenant's own, an owner's on their rooms (filters: room, status)",
      message: MSG.reportsFetched,
    },
    async (req) => offline.listReports(deps, caller(req), req.query),
  );

  endpoint(
    'paymentReport',
    {
      policy: { caller: 'owner', object: 'reportOwner' },
      summary: "One payment report on your rooms, with its tenant, room and state (where the owner's notification opens)",
      message: MSG.reportFetched,
    },
    async (req) => offline.getReport(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'confirmReport',
    {
      policy: { caller: 'owner', object: 'reportOwner' },
      summary: 'Confirm a pending payment report: it enters the ledger as a UPI direct payment (once)',
      message: MSG.reportConfirmed,
    },
    async (req) => offline.confirmReport(deps, caller(req).userId, req.params.id),
  );

  endpoint(
    'rejectReport',
    {
      policy: { caller: 'owner', object: 'reportOwner' },
      summary: 'Reject a pending payment report with a reason (the tenant is told)',
      message: MSG.reportRejected,
    },
    async (req) => offline.rejectReport(deps, caller(req).userId, req.params.id, req.body.reason),
  );

  endpoint(
    'reversePayment',
    {
      policy: { caller: 'owner', object: 'paymentOwner' },
      summary: 'Reverse an offline payment within 30 days, with a reason: its allocations are undone, both entries stay',
      message: MSG.paymentReversed,
    },
    async (req) => offline.reversePayment(deps, caller(req).userId, req.params.id, req.body.reason),
  );

  // The provider's webhook: its own scope, so its raw-body parser touches no other route.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      PAYMENT_WEBHOOK_PATH,
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        config: { policy: { caller: 'public' } },
        schema: {
          tags: ['payments'],
          summary: "The payment provider's webhook: X-Razorpay-Signature over the raw body; payment.captured and order.paid",
          headers: z.object({
            'x-razorpay-signature': z.string().max(256).optional(),
            'x-razorpay-event-id': z.string().max(200).optional(),
          }),
          response: { 200: z.object({ status: z.string() }), ...errors },
        },
      },
      async (req) => {
        const secret = deps.config.payments.gateway === 'off' ? null : gatewayFor(deps).webhookSecret;
        if (!secret) throw notFound(MSG.paymentWebhookOff);
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const header = req.headers['x-razorpay-signature'];
        const given = typeof header === 'string' ? header : '';
        if (!signatureMatches(webhookSignature(secret, raw), given)) {
          req.log.warn({ eventId: req.headers['x-razorpay-event-id'] }, 'payments: webhook signature does not verify');
          countPayment(deps, 'webhook', 'bad_signature');
          throw new AppError('BAD_SIGNATURE', MSG.paymentVerifyFailed);
        }
        let event: unknown;
        try {
          event = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('BAD_REQUEST', MSG.invalidInput);
        }
        const result = await pay.handleWebhookEvent(deps, event, req.log);
        countPayment(deps, 'webhook', result.status);
        req.log.info({ eventId: req.headers['x-razorpay-event-id'], result: result.status }, 'payments: webhook handled');
        return result;
      },
    );
  });
};
