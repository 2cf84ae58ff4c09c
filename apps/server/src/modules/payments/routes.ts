import { MSG, PAYMENT_WEBHOOK_PATH, endpoints as e } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses as errors, ok } from '../../lib/envelope.js';
import { countPayment } from '../../lib/metrics.js';
import { AppError, notFound } from '../../lib/errors.js';
import { caller } from '../../plugins/auth.js';
import { gatewayFor, signatureMatches, webhookSignature } from './gateway.js';
import * as credit from './credit.js';
import * as receipts from './receipts.js';
import * as pay from './service.js';

/** Payments (ADR 019). Mounted at the API root: the paths span /bills and /payments. */
const at = mountedAt('');

/** Webhook deliveries are small JSON events; anything larger is refused before it is read. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const stop = pay.startReconciler(deps, app.log);
  app.addHook('onClose', async () => stop());

  app.post(
    at('createOrder'),
    {
      config: {
        policy: { caller: 'tenant', object: 'roomTenant' },
        // Per signed-in tenant (issue 18: 8 tenants made 120 orders a second): each order is a gateway call.
        rateLimit: {
          max: deps.config.rateLimits.ordersPerUserPerMinute ?? 20,
          timeWindow: '1 minute',
          keyGenerator: (req) => `order:${req.auth?.userId ?? req.ip}`,
        },
      },
      schema: {
        tags: ['payments'],
        summary: "Create a payment order for your room: at least ₹1, at most what the room's bills still owe",
        body: e.createOrder.body,
        response: { 201: e.createOrder.response, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(ok(await pay.createOrder(deps, caller(req).userId, req.body), MSG.orderCreated, 201)),
  );

  app.post(
    at('verifyPayment'),
    {
      config: { policy: { caller: 'tenant', object: 'orderTenant' } },
      schema: {
        tags: ['payments'],
        summary: "Verify the checkout's signature for one of your orders and record the payment (once)",
        body: e.verifyPayment.body,
        response: { 200: e.verifyPayment.response, ...errors },
      },
    },
    async (req) => ok(await pay.verifyPayment(deps, caller(req).userId, req.body, req.log), MSG.paymentSuccessful),
  );

  app.post(
    at('sandboxPay'),
    {
      config: { policy: { caller: 'tenant', object: 'orderTenant' } },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox gateway only: pay (or fail to pay) one of your orders, signed like Razorpay',
        body: e.sandboxPay.body,
        response: { 200: e.sandboxPay.response, ...errors },
      },
    },
    async (req) => ok(await pay.sandboxPay(deps, caller(req).userId, req.body), 'Sandbox payment made'),
  );

  app.post(
    at('checkOrder'),
    {
      config: { policy: { caller: 'tenant', object: 'orderTenant' } },
      schema: {
        tags: ['payments'],
        summary: 'Ask the gateway whether one of your orders was paid (records a captured payment)',
        params: e.checkOrder.params,
        response: { 200: e.checkOrder.response, ...errors },
      },
    },
    async (req) => ok(await pay.checkOrder(deps, caller(req).userId, req.params.id, req.log), 'Order checked'),
  );

  app.get(
    at('myPayments'),
    {
      config: { policy: { caller: 'signedIn', object: 'self' } },
      schema: {
        tags: ['payments'],
        summary: "Your payments: a tenant's made, an owner's received (newest first), optionally for one room",
        querystring: e.myPayments.query,
        response: { 200: e.myPayments.response, ...errors },
      },
    },
    async (req) => ok(await pay.myPayments(deps, caller(req), req.query.roomId), MSG.paymentsFetched),
  );

  app.get(
    at('paySummary'),
    {
      config: { policy: { caller: 'tenant', object: 'roomTenant' } },
      schema: {
        tags: ['payments'],
        summary: 'What your room owes, bill by bill in the order a payment settles them, and whether online payment is on',
        params: e.paySummary.params,
        response: { 200: e.paySummary.response, ...errors },
      },
    },
    async (req) => ok(await pay.paySummary(deps, caller(req).userId, req.params.id), MSG.paySummaryFetched),
  );

  app.get(
    at('roomCredit'),
    {
      config: { policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' } },
      schema: {
        tags: ['payments'],
        summary: "A room's credit (paid beyond what its bills took) and its refunds: its owner, and its tenant for their own tenancy",
        params: e.roomCredit.params,
        response: { 200: e.roomCredit.response, ...errors },
      },
    },
    async (req) => ok(await credit.roomCredit(deps, caller(req), req.params.id), MSG.creditFetched),
  );

  app.post(
    at('refundCredit'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['payments'],
        summary: "Record a refund of your tenant's credit for a room, with its reference (at most the credit)",
        body: e.refundCredit.body,
        response: { 201: e.refundCredit.response, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(ok(await credit.refundCredit(deps, caller(req).userId, req.body), MSG.creditRefunded, 201)),
  );

  app.get(
    at('receipt'),
    {
      config: { policy: { caller: 'signedIn', object: 'paymentParty', discloses: 'roomOwnerContact' } },
      schema: {
        tags: ['payments'],
        summary: "A payment's receipt, for its payer and the room's owner only",
        params: e.receipt.params,
        response: { 200: e.receipt.response, ...errors },
      },
    },
    async (req) => ok(await receipts.receipt(deps, caller(req), req.params.id), MSG.receiptFetched),
  );

  app.get(
    at('rentReceipt'),
    {
      config: { policy: { caller: 'signedIn', object: 'roomOwnerOrTenantOrFormer' } },
      schema: {
        tags: ['payments'],
        summary: 'A rent receipt for HRA (B18): rent paid for a room in a month or a financial year',
        querystring: e.rentReceipt.query,
        response: { 200: e.rentReceipt.response, ...errors },
      },
    },
    async (req) => ok(await receipts.rentReceipt(deps, caller(req), req.query), MSG.receiptFetched),
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
