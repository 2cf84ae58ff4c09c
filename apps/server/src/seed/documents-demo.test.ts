import { API_BASE } from '@kiraya/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { roomDocuments, tenancies, users } from '../db/schema.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { seedDemoIfEmpty } from './demo.js';
import { simplePdf } from './documents-demo.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('gives every demo tenancy a rent agreement (PDF, owner) and an ID proof (PNG, tenant) that open (B16)', async () => {
  await seedDemoIfEmpty(ctx.deps, undefined, { photoWidth: 240 });
  const docs = await ctx.deps.db.select().from(roomDocuments);
  expect(docs.length).toBeGreaterThanOrEqual(2);
  expect(docs.length % 2).toBe(0);
  const login = await ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/users/login`,
    payload: { email: 'priya@kiraya.demo', password: 'Kiraya123' },
  });
  const token = (login.json() as { data: { accessToken: string } }).data.accessToken;
  const [priya] = await ctx.deps.db.select().from(users).where(eq(users.email, 'priya@kiraya.demo'));
  const [mine] = await ctx.deps.db
    .select({ fileId: roomDocuments.fileId })
    .from(roomDocuments)
    .innerJoin(tenancies, eq(tenancies.id, roomDocuments.tenancyId))
    .where(and(eq(tenancies.ownerId, priya?.id as string), eq(roomDocuments.name, 'Rent agreement.pdf')));
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}/documents/file/${mine?.fileId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
});

it('builds a PDF with a valid cross-reference table', () => {
  const pdf = simplePdf(['Hello (world)']).toString('latin1');
  const startxref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
  expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
  const first = /xref\n0 \d+\n0000000000 65535 f \n(\d{10})/.exec(pdf)?.[1];
  expect(pdf.slice(Number(first), Number(first) + 7)).toBe('1 0 obj');
  expect(pdf).toContain('(Hello \\(world\\))');
});
