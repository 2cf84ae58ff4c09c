import { type EndpointName, type Endpoints, type EndpointSpec, endpoints, PATHS } from '@kiraya/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { RoutePolicy } from '../plugins/policy.js';
import { errorResponses, ok } from './envelope.js';

/**
 * The route path of a contract endpoint inside a module mounted at `prefix` (app.ts mounts users,
 * properties and rooms under API_BASE at /users, /properties and /rooms): `at('login')` is '/login'.
 */
export function mountedAt(prefix: string): (name: EndpointName) => string {
  return (name) => {
    const path: string = PATHS[name].path;
    if (!path.startsWith(`${prefix}/`)) throw new Error(`${name} (${path}) is not under ${prefix}`);
    return path.slice(prefix.length);
  };
}

/** What a contract endpoint's schema makes of one part of the request (its output: transforms applied), else undefined. */
type Parsed<N extends EndpointName, K extends 'params' | 'query' | 'body'> = Endpoints[N] extends {
  [P in K]: infer S extends z.ZodTypeAny;
}
  ? z.output<S>
  : undefined;

/** The request a contract route's handler gets: params, query and body typed and already validated by the contract's schemas. */
export type EndpointRequest<N extends EndpointName> = FastifyRequest<{
  Params: Parsed<N, 'params'>;
  Querystring: Parsed<N, 'query'>;
  Body: Parsed<N, 'body'>;
}>;

/** The `data` a contract route answers with (what its response schema serializes). */
export type EndpointData<N extends EndpointName> = z.input<Endpoints[N]['response']>['data'];

/** An answer whose message depends on the outcome (the route's fixed `message` otherwise). */
class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}
export const answer = <T>(data: T, message: string): Answer<T> => new Answer(data, message);

export type EndpointOptions = {
  /** Who may call it (ADR 012): required, as on every API route. */
  policy: RoutePolicy;
  /** One line for the OpenAPI description. */
  summary: string;
  /** The success envelope's message (unless the handler returns `answer(data, message)`). */
  message: string;
  /** Overrides the module's tags. */
  tags?: string[];
  description?: string;
  /** Content types a multipart endpoint takes besides multipart/form-data. */
  consumes?: string[];
  /** More route config (rate limits); the policy is set from `policy`. */
  config?: Omit<FastifyContextConfig, 'policy'>;
};

type AnyEndpoint = EndpointSpec & { method: string };

/**
 * Registers the routes of a module mounted at `prefix` from the contract's endpoints (packages/contract
 * endpoints.ts): method, path, params/query/body schemas (they do all the validation), success status,
 * response schema with the error answers, the policy (ADR 012), and the success envelope. The handler gets
 * the validated request and returns the envelope's data:
 *
 *   const endpoint = contractRoutes(app, '/bills', ['bills']);
 *   endpoint('waiveBill', { policy: { caller: 'owner', object: 'roomOwner' }, summary: '…', message: MSG.billWaived },
 *     async (req) => bills.waiveBill(deps, caller(req).userId, req.body.billId));
 *
 * Routes that are not contract endpoints (raw file bytes, the payment webhook) stay plain Fastify routes,
 * still with `config.policy`.
 */
export function contractRoutes(app: FastifyInstance, prefix: string, tags: string[]) {
  const at = mountedAt(prefix);
  return function endpoint<N extends EndpointName>(
    name: N,
    options: EndpointOptions,
    handler: (req: EndpointRequest<N>, reply: FastifyReply) => Promise<EndpointData<N> | Answer<EndpointData<N>>>,
  ): void {
    const spec = endpoints[name] as AnyEndpoint;
    app.route({
      method: spec.method as HTTPMethods,
      url: at(name),
      config: { ...options.config, policy: options.policy },
      schema: {
        tags: options.tags ?? tags,
        summary: options.summary,
        ...(options.description && { description: options.description }),
        ...(spec.form && { consumes: ['multipart/form-data', ...(options.consumes ?? [])] }),
        ...(spec.params && { params: spec.params }),
        ...(spec.query && { querystring: spec.query }),
        ...(spec.body && { body: spec.body }),
        response: { [spec.status]: spec.response, ...errorResponses },
      },
      handler: async (req, reply) => {
        const out = await handler(req as EndpointRequest<N>, reply as FastifyReply);
        const [data, message] = out instanceof Answer ? [out.data, out.message] : [out, options.message];
        return (reply as FastifyReply).status(spec.status).send(ok(data, message, spec.status));
      },
    });
  };
}
