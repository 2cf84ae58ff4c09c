import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 90 ms a hash here). Every real server hashes so. */
export const PRODUCTION_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The cheapest argon2id there is (64 KiB, 1 pass: about 0.1 ms), for test processes only: the suites sign in
 * and register hundreds of times, which production's cost would turn into minutes (ADR 040). A hash keeps its
 * parameters, so a cheap hash is still checked by `verify`, and a production hash by its own cost.
 */
export const TEST_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

/**
 * The options for this process: the test ones only when NODE_ENV is `test` *and* KIRAYA_CHEAP_PASSWORD_HASH is
 * `1` (set by the test runners); any other process, production above all, hashes at production's cost.
 */
export function hashOptionsFor(env: NodeJS.ProcessEnv): typeof PRODUCTION_HASH_OPTIONS | typeof TEST_HASH_OPTIONS {
  return env.NODE_ENV === 'test' && env.KIRAYA_CHEAP_PASSWORD_HASH === '1' ? TEST_HASH_OPTIONS : PRODUCTION_HASH_OPTIONS;
}

const OPTIONS = hashOptionsFor(process.env);

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('kiraya-dummy-password-1');
  await verifyPassword(await dummy, password);
}
