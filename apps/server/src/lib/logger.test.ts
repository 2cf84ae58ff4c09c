import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAadhaar, userInput } from '../seed/factories.js';
import { type TestContext, createTestContext } from '../test/harness.js';
import { loggerOptions } from './logger.js';

const lines: string[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({}, { logger: { ...loggerOptions('info'), stream: { write: (line: string) => void lines.push(line) } } });
  // Every new account now fails inside the database, after the row with its personal data was sent.
  await ctx.deps.db.execute(sql`alter table users add constraint users_log_test_ck check (length(full_name) < 0) not valid`);
});
afterAll(() => ctx.close());

describe('logs never carry parameters or personal fields (ADR 009)', () => {
  it('logs a database failure on sign-up by class, SQLSTATE and SQL text only', async () => {
    lines.length = 0;
    const aadhaar = fakeAadhaar();
    const body = userInput('tenant', { aadharCardNumber: aadhaar, password: 'SecretPass9171', fullName: 'Meera Unique Iyer' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register?email=query%40leak.example',
      payload: body,
      headers: { authorization: 'Bearer header.token.value', cookie: 'refreshToken=cookie-token-value' },
    });
    expect(res.statusCode, res.body).toBe(500);
    expect(res.json()).toMatchObject({ code: 'INTERNAL', success: false });

    const log = lines.join('\n');
    const secrets = [
      body.email,
      body.phoneNumber,
      body.phoneNumber.replace('+91', ''),
      aadhaar,
      body.password,
      body.fullName,
      body.username,
      body.address,
      '$argon2',
      'query@leak.example',
      'header.token.value',
      'cookie-token-value',
    ].filter(Boolean);
    for (const s of secrets) expect(log, s).not.toContain(s);
    expect(log).not.toMatch(/params/i);
    expect(log).not.toContain(ctx.deps.crypto.lookupHash(aadhaar));
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(entry?.err).toMatchObject({ sqlState: '23514', constraint: 'users_log_test_ck', message: 'Failed query' });
    expect(entry.err.sql).toMatch(/^insert into "users"/);
  });

  it('redacts personal fields and credentials wherever a log call puts them', () => {
    const out: string[] = [];
    const logger = pino(loggerOptions('info'), { write: (l: string) => void out.push(l) });
    logger.info(
      {
        email: 'a@b.example',
        user: { phoneNumber: '+919876543210', aadharCardNumber: '234567890124' },
        req: { method: 'POST', url: '/x?q=a%40b.example', headers: { authorization: 'Bearer t0k', cookie: 'refreshToken=r3f' } },
        body: { password: 'pw-secret' },
        headers: { cookie: 'c00kie' },
      },
      'something happened',
    );
    const text = out.join('');
    for (const s of ['a@b.example', 'a%40b', '9876543210', '234567890124', 't0k', 'r3f', 'pw-secret', 'c00kie'])
      expect(text, s).not.toContain(s);
    expect(JSON.parse(text)).toMatchObject({ msg: 'something happened', email: '[redacted]', req: { method: 'POST', url: '/x' } });
  });
});
