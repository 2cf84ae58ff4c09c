import { registerBodySchema, verhoeffComplete } from '@kiraya/contract';
import type { RegisterBody, SignupRole, User } from '@kiraya/contract';
import type { AppDeps } from '../deps.js';
import { registerUser } from '../modules/users/index.js';

/**
 * Test and demo data factories. The demo seeder and the test suites build their data through these,
 * which go through the same services as the API, so every row obeys the same rules.
 */
let seq = 0;
const next = () => {
  seq += 1;
  return `${Date.now().toString(36).slice(-4)}${process.pid.toString(36)}${seq}`;
};

/** A random Aadhaar number that passes the Verhoeff check (first digit 2-9). */
export function fakeAadhaar(): string {
  let s = String(2 + Math.floor(Math.random() * 8));
  while (s.length < 11) s += String(Math.floor(Math.random() * 10));
  return verhoeffComplete(s);
}

/** A random Indian mobile number (10 digits starting 6-9). */
export function fakePhone(): string {
  let s = String(6 + Math.floor(Math.random() * 4));
  while (s.length < 10) s += String(Math.floor(Math.random() * 10));
  return s;
}

export const DEFAULT_PASSWORD = 'Kiraya123';

export function userInput(role: SignupRole, overrides: Partial<RegisterBody> = {}): RegisterBody {
  const id = next();
  const password = overrides.password ?? DEFAULT_PASSWORD;
  return {
    role,
    username: `${role}_${id}`,
    fullName: role === 'owner' ? 'Rajesh Kumar Sharma' : 'Ananya Iyer Test',
    email: `${role}.${id}@example.test`,
    phoneNumber: fakePhone(),
    aadharCardNumber: fakeAadhaar(),
    address: '12 MG Road, Bengaluru, Karnataka 560001',
    password,
    confirmPassword: password,
    ...overrides,
  };
}

export type Deps = Pick<AppDeps, 'db' | 'crypto' | 'signer' | 'config'>;

/**
 * `verified` (ADR 033): the email is verified unless told otherwise (no verification email is queued); the phone
 * only when asked. A test of sign-up's own link goes through the register route instead.
 */
export async function createUser(
  deps: Deps,
  role: SignupRole,
  overrides: Partial<RegisterBody> = {},
  verified: { email?: boolean; phone?: boolean } = {},
): Promise<User & { password: string }> {
  const input = userInput(role, overrides);
  const user = await registerUser(deps, registerBodySchema.parse(input), { email: verified.email ?? true, phone: verified.phone ?? false });
  return { ...user, password: input.password };
}

export const createOwner = (deps: Deps, overrides: Partial<RegisterBody> = {}, verified: { email?: boolean; phone?: boolean } = {}) =>
  createUser(deps, 'owner', overrides, verified);
export const createTenant = (deps: Deps, overrides: Partial<RegisterBody> = {}, verified: { email?: boolean; phone?: boolean } = {}) =>
  createUser(deps, 'tenant', overrides, verified);
