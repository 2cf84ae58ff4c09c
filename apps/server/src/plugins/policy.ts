import { type ErrorCode, MSG, errorEnvelope } from '@kiraya/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { PropertyNeed, RequestNeed, RoomNeed, ThreadNeed } from '../lib/access.js';

/**
 * Route policies (ADR 012). Every API route declares who may call it in `config.policy`:
 *
 * - `caller`: `public` (anyone), `signedIn`, `owner`, `tenant` or `admin` (moderators, ADR 037). Enforced here, by one onRequest hook
 *   added to the route from the declaration, before the body is even read: a visitor gets 401 (or
 *   "session expired"), a caller of the wrong role 403 with the role's message.
 * - `object`: the rule on the object the route acts on, named after the access rule need it uses
 *   (lib/access.ts). It is enforced where the object is loaded (the service calls roomAccess /
 *   propertyAccess with that need, inside its transaction), and the generated access matrix
 *   (test/access-matrix.test.ts) proves every route answers as its declaration says.
 *
 * A route under the API prefix without a policy, or with a path parameter but no object rule, refuses
 * to register: the app does not start.
 */

export type CallerRule = 'public' | 'signedIn' | 'owner' | 'tenant' | 'admin';

/** Object rules and the access-rule need each one stands for. */
export const OBJECT_RULES = {
  /** The caller's own account or own list (no id: the object is the caller). */
  self: null,
  /** A property anyone may see: listed, or related to the caller (paused listings are 404 to others). */
  listedProperty: { on: 'property', need: 'listed' },
  propertyOwner: { on: 'property', need: 'owner' },
  listedRoom: { on: 'room', need: 'listed' },
  roomOwner: { on: 'room', need: 'owner' },
  roomTenant: { on: 'room', need: 'tenant' },
  roomOwnerOrTenant: { on: 'room', need: 'owner-or-tenant' },
  roomOwnerOrTenantOrFormer: { on: 'room', need: 'owner-or-tenant-or-former' },
  /** A request (ADR 013): only the owner who sent it, or only the tenant it invites; anyone else 404. */
  requestOwner: { on: 'request', need: 'owner' },
  requestInvitee: { on: 'request', need: 'invitee' },
  /**
   * A payment order (ADR 019), named by the gateway's order id in the path or body: only the tenant it was
   * made for; anyone else 404 (payments/orders.ts orderOfTenant).
   */
  orderTenant: { on: 'order', need: 'tenant' },
  /** A recorded payment: only its payer and its payee (the room's owner); anyone else 404 (payments/receipts.ts). */
  paymentParty: { on: 'payment', need: 'party' },
  /** A recorded payment the caller received (issue 23: reversing it): only the room's owner; anyone else 404. */
  paymentOwner: { on: 'payment', need: 'owner' },
  /** A tenant's report of a direct UPI payment (issue 23): only the owner it was made to decides it; anyone else 404. */
  reportOwner: { on: 'report', need: 'owner' },
  /**
   * A room's private things (its documents, ADR 020), named by the room: only its owner and its current
   * tenant; anyone else signed in gets 404 (former tenants too), whether the listing is paused or not.
   */
  roomMember: { on: 'roomMember', need: 'owner-or-tenant' },
  /**
   * A room's money, written by its owner (recording a payment, issue 23): only its owner; anyone else signed in
   * gets 404, as for confirming a report on it (reportOwner), whether the listing is paused or not.
   */
  roomMoneyOwner: { on: 'roomMember', need: 'owner' },
  /** One document (ADR 020), named by its id: as roomMember, for the room the document belongs to. */
  documentMember: { on: 'document', need: 'owner-or-tenant' },
  /** A message thread (B7): only its two parties, the room's owner and the thread's tenant; anyone else 404. */
  threadParty: { on: 'thread', need: 'party' },
  /**
   * A target of moderation (ADR 037), named by its type and id in the path: any property, room or user, seen by
   * moderators only (the `admin` caller rule refuses everyone else first).
   */
  moderationTarget: { on: 'moderation', need: 'admin' },
} as const satisfies Record<
  string,
  | null
  | { on: 'property'; need: PropertyNeed }
  | { on: 'room'; need: RoomNeed }
  | { on: 'request'; need: RequestNeed }
  | { on: 'order'; need: 'tenant' }
  | { on: 'payment'; need: 'party' | 'owner' }
  | { on: 'report'; need: 'owner' }
  | { on: 'roomMember'; need: 'owner-or-tenant' | 'owner' }
  | { on: 'document'; need: 'owner-or-tenant' }
  | { on: 'thread'; need: ThreadNeed }
  | { on: 'moderation'; need: 'admin' }
>;

export type ObjectRule = keyof typeof OBJECT_RULES;

export type RoutePolicy = {
  caller: CallerRule;
  object?: ObjectRule;
  /**
   * Private data the route hands to an allowed caller on purpose: `roomOwnerContact` is the owner's phone
   * and email to a tenant (Get Phone Number, B9). The access matrix lets exactly that through.
   */
  discloses?: 'roomOwnerContact';
};

export type PolicyEntry = { method: string; url: string; policy: RoutePolicy | undefined };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (ADR 012). Required on every API route. */
    policy?: RoutePolicy;
  }
  interface FastifyInstance {
    /** Every API route with its declared policy, in registration order (the access matrix walks it). */
    policyTable: PolicyEntry[];
  }
}

/** An error answer as the error handler would send it (plugins/errors.ts), serialized once. */
const refusal = (code: ErrorCode, message: string) => JSON.stringify(errorEnvelope(code, message));
const REFUSALS = {
  unauthorized: refusal('UNAUTHORIZED', MSG.unauthorized),
  expired: refusal('UNAUTHORIZED', MSG.sessionExpired),
  ownersOnly: refusal('FORBIDDEN', MSG.ownersOnly),
  tenantsOnly: refusal('FORBIDDEN', MSG.tenantsOnly),
  adminsOnly: refusal('FORBIDDEN', MSG.adminsOnly),
};
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The onRequest hook that enforces a policy's caller rule. A refusal is answered here, with the same
 * envelope the error handler gives an AppError, but without making an Error (its stack trace was most of
 * the cost of a 401, ADR 025) and without the response schema's serializer.
 */
export function enforceCaller(rule: CallerRule): onRequestHookHandler | null {
  if (rule === 'public') return null;
  return (req, reply, done) => {
    const auth = req.auth;
    if (!auth) {
      reply
        .code(401)
        .type(JSON_TYPE)
        .send(req.authExpired ? REFUSALS.expired : REFUSALS.unauthorized);
      return;
    }
    if (rule === 'owner' && auth.role !== 'owner') {
      reply.code(403).type(JSON_TYPE).send(REFUSALS.ownersOnly);
      return;
    }
    if (rule === 'tenant' && auth.role !== 'tenant') {
      reply.code(403).type(JSON_TYPE).send(REFUSALS.tenantsOnly);
      return;
    }
    if (rule === 'admin' && auth.role !== 'admin') {
      reply.code(403).type(JSON_TYPE).send(REFUSALS.adminsOnly);
      return;
    }
    done();
  };
}

export type PolicyOptions = {
  /** Routes under this prefix must declare a policy. */
  prefix: string;
  /** Only for the access matrix's own test: record routes without a policy instead of refusing them. */
  allowMissing?: boolean;
};

/** Register before the routes: checks and records each route's policy and adds its enforcement. */
export function registerPolicies(app: FastifyInstance, { prefix, allowMissing = false }: PolicyOptions): void {
  const table: PolicyEntry[] = [];
  app.decorate('policyTable', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const policy = route.config?.policy;
    if (!policy && !allowMissing) {
      throw new Error(`${methods.join(',')} ${route.url} declares no access policy (config.policy); see docs/decisions/012.`);
    }
    if (policy && !policy.object && route.url.includes('/:')) {
      throw new Error(
        `${methods.join(',')} ${route.url} names an object in its path but its policy has no object rule; see docs/decisions/012.`,
      );
    }
    // The HEAD twin Fastify adds to a GET shares its config (and gets the same enforcement), but is not
    // a route of its own in the table.
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, policy });
    const hook = policy && enforceCaller(policy.caller);
    if (!hook) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [hook, ...existing];
  });
}
