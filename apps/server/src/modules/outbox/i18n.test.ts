import { API_BASE } from '@kiraya/contract';
import { MSG_HI } from '@kiraya/contract/messages.hi-IN';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/index.js';
import { outboxMessages, users } from '../../db/schema.js';
import { createTenant } from '../../seed/factories.js';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { createBilledRoom, okData, type Person, switchLocale } from '../../test/support.js';
import { enqueue } from './queue.js';
import { deliverDue, unsubscribeSignature } from './service.js';

/**
 * Emails in the recipient's language (issue 27): a user's stored `users.locale`, read when the email is sent; an
 * invitation to an address with no account, the inviter's. Sent over SMTP and parsed by mailparser, as a mail
 * client reads them.
 */
let ctx: TestContext;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Kiraya <no-reply@kiraya.test>', outboxIntervalMs: 0 } });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const to = (address: string) => (m: ParsedMail) => (m.to as { text: string } | undefined)?.text === address;
const mailsTo = (address: string) => smtp.received.filter(to(address));

async function billedTenant(locale: 'en-IN' | 'hi-IN') {
  const owner = await signedIn(ctx, 'owner');
  const tenant = await signedIn(ctx, 'tenant');
  if (locale !== 'en-IN') await switchLocale(ctx, tenant, locale);
  const property = await createProperty(ctx.deps, owner.user._id, { title: 'Gulmohar Niwas' });
  const { roomId } = await createBilledRoom(ctx, owner, tenant, property._id, {
    groups: [{ billDate: '2026-11-01', bills: [{ billType: 'Maintenance Bill', amount: 123456.5 }] }],
  });
  return { owner, tenant, roomId };
}

const recordCash = (owner: Person, roomId: string, amount: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `${API_BASE}/payments/record`,
    headers: { cookie: owner.cookie },
    payload: { roomId, amount, method: 'cash', paidOn: '2026-11-05' },
  });

describe('emails in the recipient’s language (issue 27)', () => {
  it('a Hindi tenant’s bill email: Hindi subject, Hindi date, en-IN money, lang="hi-IN", Hindi unsubscribe footer', async () => {
    const { tenant } = await billedTenant('hi-IN');
    await deliverDue(ctx.deps);
    const [mail] = mailsTo(tenant.user.email);
    expect(mail?.subject).toMatch(/^कमरा R\d+ के नए बिल: ₹1,23,456\.50$/);
    expect(mail?.text).toContain('1 नवंबर 2026 के 1 बिल, देय तिथि 11 नवंबर 2026।');
    expect(mail?.text).toContain(`नमस्ते ${tenant.user.fullName},`);
    expect(mail?.text).toContain('Kiraya में खोलें');
    expect(mail?.html).toContain('lang="hi-IN"');
    expect(mail?.html).toContain('ऐसे ईमेल पाना बंद करें');
    expect(`${mail?.subject} ${mail?.text}`).not.toMatch(/New bills|dated|November|Hello|Unsubscribe/);
  });

  it('an English tenant’s bill email stays English, with lang="en-IN"', async () => {
    const { tenant } = await billedTenant('en-IN');
    await deliverDue(ctx.deps);
    const [mail] = mailsTo(tenant.user.email);
    expect(mail?.subject).toMatch(/^New bills for Room R\d+: ₹1,23,456\.50$/);
    expect(mail?.text).toContain('1 bill dated 1 November 2026, due 11 November 2026.');
    expect(mail?.html).toContain('lang="en-IN"');
    expect(mail?.html).toContain('Unsubscribe from these emails');
  });

  it('a Hindi tenant’s receipt: Hindi subject, method, bill type and dates', async () => {
    const { owner, tenant, roomId } = await billedTenant('hi-IN');
    await deliverDue(ctx.deps);
    okData(await recordCash(owner, roomId, 500), 201);
    await deliverDue(ctx.deps);
    const receipt = mailsTo(tenant.user.email).find((m) => m.subject?.startsWith('रसीद '));
    expect(receipt?.subject).toMatch(/^रसीद KR-\d{4}-\d+: ₹500\.00 का भुगतान$/);
    expect(receipt?.text).toContain('रकम: ₹500.00 · तरीका: नकद · भुगतान की तारीख़: 5 नवंबर 2026');
    expect(receipt?.text).toContain('· 1 नवंबर 2026 का मेंटेनेंस बिल: ₹500.00');
  });

  it('follows a language switched after the email was queued (the language is read when sending)', async () => {
    const { tenant } = await billedTenant('en-IN');
    await switchLocale(ctx, tenant, 'hi-IN');
    await deliverDue(ctx.deps);
    expect(mailsTo(tenant.user.email)[0]?.subject).toMatch(/^कमरा R\d+ के नए बिल/);
  });

  it('writes security emails in Hindi too (no unsubscribe), and an invitation by email in the inviter’s language', async () => {
    const hindi = await createTenant(ctx.deps);
    await ctx.deps.db.update(users).set({ locale: 'hi-IN' }).where(eq(users.id, hindi._id));
    await inTransaction(ctx.deps.db, (tx) =>
      enqueue(tx, {
        eventKey: `i18n-changed:${hindi._id}`,
        to: { userId: hindi._id },
        template: 'passwordChanged',
        data: { at: '2026-11-01T10:00:00Z' },
      }),
    );
    await deliverDue(ctx.deps);
    const [changed] = mailsTo(hindi.email);
    expect(changed?.subject).toBe('आपका Kiraya पासवर्ड बदल दिया गया');
    expect(changed?.text).toContain('1 नवंबर 2026 को बदला गया');
    expect(changed?.html).not.toContain('ऐसे ईमेल पाना बंद करें');

    const owner = await signedIn(ctx, 'owner');
    await switchLocale(ctx, owner, 'hi-IN');
    const property = await createProperty(ctx.deps, owner.user._id, { title: 'Ashoka Kunj', city: 'Lucknow' });
    const roomId = (await createRoom(ctx.deps, owner.user._id, property._id, { roomNumber: 'A2', rentAmount: 9000 }))._id;
    const email = `hindi.invitee.${Date.now()}@example.com`;
    okData(
      await ctx.app.inject({
        method: 'POST',
        url: `${API_BASE}/tenancy/invite-by-email`,
        headers: { cookie: owner.cookie },
        payload: { roomId, email },
      }),
      201,
    );
    const [row] = await ctx.deps.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, email));
    expect(row?.locale).toBe('hi-IN');
    await deliverDue(ctx.deps);
    const [invitation] = mailsTo(email);
    expect(invitation?.subject).toBe(`${owner.user.fullName} ने आपको कमरा A2, Ashoka Kunj किराए पर लेने के लिए आमंत्रित किया है`);
    expect(invitation?.text).toContain('₹9,000/माह के किराए पर');
    expect(invitation?.html).toContain('lang="hi-IN"');
  });

  it('answers the one-click unsubscribe in the language of the person the email was for, signed out', async () => {
    const hindi = await createTenant(ctx.deps);
    await ctx.deps.db.update(users).set({ locale: 'hi-IN' }).where(eq(users.id, hindi._id));
    const s = unsubscribeSignature(ctx.config, hindi._id, 'reminders');
    const res = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/users/unsubscribe?u=${hindi._id}&c=reminders&s=${s}` });
    expect(okData(res, 200, 'अब आपको किराया रिमाइंडर वाले ईमेल नहीं मिलेंगे। आप इन्हें प्रोफ़ाइल में फिर से चालू कर सकते हैं।')).toEqual({
      category: 'reminders',
    });
  });

  it('answers a Hindi caller’s error in Hindi with the same code and field (the field’s label in Hindi too)', async () => {
    const tenant = await signedIn(ctx, 'tenant');
    await switchLocale(ctx, tenant, 'hi-IN');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${API_BASE}/users/update-account-details`,
      headers: { cookie: tenant.cookie },
      payload: { address: 'Flat 2\u0000B' },
    });
    const hindi = MSG_HI.textControlChars('पता', true);
    const body = res.json() as { code: string; errors: { path: string; message: string }[] };
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.errors).toContainEqual({ path: 'address', message: hindi });
    expect(body.errors.find((e) => e.path === 'fullName')?.message).toBe(MSG_HI.fullNameRequired);
  });
});
