import { API_BASE, MSG } from '@kiraya/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationAudit, users } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { expectError, okData } from '../../test/support.js';
import { ADMIN_NAME, createAdmin, removeAdmin } from './accounts.js';
import { parseAdminArgs } from './command.js';

let ctx: TestContext;
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email, password } });
const mod = () => `mod.${newId()}@example.test`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('npm run admin: its arguments', () => {
  it('reads create, remove and backfill-photos; anything else is wrong usage', () => {
    expect(parseAdminArgs(['create', '--email', 'a@b.co', '--password', 'Secret123'])).toEqual({
      cmd: 'create',
      email: 'a@b.co',
      password: 'Secret123',
    });
    expect(parseAdminArgs(['create', '--email=a@b.co', '--password=Secret123'])).toMatchObject({ cmd: 'create', email: 'a@b.co' });
    expect(parseAdminArgs(['remove', '--email', 'a@b.co'])).toEqual({ cmd: 'remove', email: 'a@b.co' });
    expect(parseAdminArgs(['--remove', '--email', 'a@b.co'])).toEqual({ cmd: 'remove', email: 'a@b.co' });
    expect(parseAdminArgs(['backfill-photos'])).toEqual({ cmd: 'backfill-photos' });
    for (const wrong of [
      [],
      ['create'],
      ['create', '--email', 'a@b.co'],
      ['create', '--password', 'Secret123'],
      ['create', '--email', '--password', 'Secret123'],
      ['remove'],
      ['remove', '--email', 'a@b.co', '--password', 'x'],
      ['delete', '--email', 'a@b.co'],
      ['create', 'extra', '--email', 'a@b.co', '--password', 'Secret123'],
    ])
      expect(parseAdminArgs(wrong), wrong.join(' ')).toBeNull();
  });
});

describe('moderators are made only by the command', () => {
  it('creates a verified moderator who signs in with the admin role; the same email again is refused', async () => {
    const email = mod();
    const made = await createAdmin(ctx.deps, email, 'Moderate123');
    expect(made).toEqual({ code: 0, line: expect.stringContaining(`Moderator ${email} created`) });
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'admin', fullName: ADMIN_NAME, suspendedAt: null });
    expect(row?.username).toMatch(/^mod\.mod\./);
    expect(row?.emailVerifiedAt).not.toBeNull();
    const user = okData<{ user: { role: string; aadharCardNumber: string } }>(await login(email, 'Moderate123'), 200).user;
    expect(user).toMatchObject({ role: 'admin', aadharCardNumber: '' });
    expect(await createAdmin(ctx.deps, email, 'Moderate123')).toEqual({ code: 1, line: `${email} is a moderator already.` });
  });

  it('refuses a taken email, a weak password and a bad email (exit 1), changing nothing', async () => {
    const owner = await signedIn(ctx, 'owner');
    const taken = await createAdmin(ctx.deps, owner.user.email, 'Moderate123');
    expect(taken.code).toBe(1);
    expect(taken.line).toContain(MSG.emailTaken);
    const [still] = await ctx.deps.db.select({ role: users.role }).from(users).where(eq(users.id, owner.user._id));
    expect(still?.role).toBe('owner');
    expect(await createAdmin(ctx.deps, mod(), 'short')).toEqual({ code: 1, line: MSG.passwordFormat });
    expect(await createAdmin(ctx.deps, 'not an email', 'Moderate123')).toEqual({ code: 1, line: MSG.emailFormat });
  });

  it('remove deletes a moderator who never acted and ends their sessions', async () => {
    const email = mod();
    await createAdmin(ctx.deps, email, 'Moderate123');
    const token = okData<{ accessToken: string }>(await login(email, 'Moderate123')).accessToken;
    expect((await removeAdmin(ctx.deps, email)).line).toContain('deleted');
    expect(await ctx.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expectError(
      await ctx.app.inject({ url: `${API_BASE}/admin/queue`, headers: { authorization: `Bearer ${token}` } }),
      'UNAUTHORIZED',
      MSG.sessionExpired,
    );
    expectError(await login(email, 'Moderate123'), 'UNAUTHORIZED', MSG.invalidCredentials);
  });

  it('remove keeps (disabled) a moderator the audit log names; create enables them again with a new password', async () => {
    const email = mod();
    await createAdmin(ctx.deps, email, 'Moderate123');
    const res = await login(email, 'Moderate123');
    const token = okData<{ accessToken: string }>(res).accessToken;
    const owner = await signedIn(ctx, 'owner');
    const acted = await ctx.app.inject({
      method: 'POST',
      url: `${API_BASE}/admin/actions`,
      headers: { authorization: `Bearer ${token}` },
      payload: { action: 'suspend', targetType: 'user', targetId: owner.user._id, reason: 'Testing removal.' },
    });
    expect(acted.statusCode, acted.body).toBe(200);
    const removed = await removeAdmin(ctx.deps, email);
    expect(removed).toEqual({ code: 0, line: expect.stringContaining('disabled and kept') });
    expectError(
      await ctx.app.inject({ url: `${API_BASE}/admin/queue`, headers: { authorization: `Bearer ${token}` } }),
      'UNAUTHORIZED',
      MSG.sessionExpired,
    );
    expectError(await login(email, 'Moderate123'), 'UNAUTHORIZED', MSG.invalidCredentials);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, email));
    expect(row?.suspendedAt).not.toBeNull();
    expect(
      await ctx.deps.db
        .select()
        .from(moderationAudit)
        .where(eq(moderationAudit.adminId, row?.id ?? '')),
    ).toHaveLength(1);
    expect((await removeAdmin(ctx.deps, email)).code).toBe(0);
    expect((await createAdmin(ctx.deps, email, 'Another123')).line).toContain('enabled again');
    expect((await login(email, 'Another123')).statusCode).toBe(200);
  });

  it('remove refuses an email that is not a moderator (exit 1)', async () => {
    const tenant = await signedIn(ctx, 'tenant');
    expect(await removeAdmin(ctx.deps, tenant.user.email)).toEqual({
      code: 1,
      line: `No moderator account has the email ${tenant.user.email.toLowerCase()}.`,
    });
    expect((await login(tenant.user.email, tenant.user.password)).statusCode).toBe(200);
  });
});
