/**
 * Typed answers for the pseudo-locale route tests (issue 27 item 4, ADR 039): `on('rooms', data, { propertyId: 'p1' })`
 * is `{ 'GET /rooms/p1': ok(data) }`, its data checked against the contract's response type, so a fixture that
 * drifts from the API fails the typecheck instead of quietly rendering an empty page.
 */
import type { ResponseData } from '@kiraya/contract/endpoints';
import { type EndpointName, PATHS } from '@kiraya/contract/paths';
import { ok } from './support';

type Reply = ReturnType<typeof ok>;

/** The mocked answer of endpoint `name`, keyed as `renderPseudo`'s `api` wants it. */
export function on<N extends EndpointName>(
  name: N,
  data: ResponseData<N>,
  params: Record<string, string> = {},
  extra?: string | Record<string, unknown>,
): Record<string, Reply> {
  const { method, path } = PATHS[name];
  const filled = path.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`${name}: missing path parameter ${key}`);
    return encodeURIComponent(v);
  });
  return { [`${method} ${filled}`]: ok(data, extra) };
}
