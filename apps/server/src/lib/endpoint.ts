import { type EndpointName, PATHS } from '@kiraya/contract';

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
