import { API_BASE, type AppNotification, MSG } from '@kiraya/contract';
import { MSG_HI } from '@kiraya/contract/messages.hi-IN';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRoom } from '../../seed/property-factories.js';
import { cookieHeader, createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { startSmtp, type TestSmtp } from '../../test/smtp.js';
import { apiAs, okData, type Person, switchLocale } from '../../test/support.js';
import { deliverDue } from '../outbox/index.js';
import { createAdmin } from './accounts.js';

/**
 * Moderation speaks the owner's language (issue 26 with issue 27): a hidden listing's notification is stored as
 * its facts and put into words when read, so a Hindi owner reads it in Hindi (the moderators' reason as they
 * wrote it), in the bell and in the email, while an English owner reads the English of before.
 */
let ctx: TestContext;
let smtp: TestSmtp;
let admin: Person;
const { get, post } = apiAs(() => ctx);

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ mail: { smtpUrl: smtp.url, from: 'Kiraya <no-reply@kiraya.test>', outboxIntervalMs: 0 } });
  const email = 'mod.hindi@example.test';
  expect((await createAdmin(ctx.deps, email, 'Moderate123')).code).toBe(0);
  const res = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email, password: 'Moderate123' } });
  expect(res.statusCode, res.body).toBe(200);
  admin = { cookie: cookieHeader(res) } as Person;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const bell = async (who: Person) => okData<{ items: AppNotification[] }>(await get(who, '/notifications/list')).items;
const mailsTo = (address: string) => smtp.received.filter((m: ParsedMail) => (m.to as { text: string } | undefined)?.text === address);

describe('moderation notifications in the owner’s language', () => {
  it('a Hindi owner reads why a room was hidden, and that it is back, in Hindi: bell and email', async () => {
    const owner = await signedIn(ctx, 'owner');
    await switchLocale(ctx, owner, 'hi-IN');
    const property = await createProperty(ctx.deps, owner.user._id, { title: 'Gulmohar Niwas' });
    const room = await createRoom(ctx.deps, owner.user._id, property._id, { roomNumber: '204' });
    const reason = 'Photos copied from another listing.';
    okData(await post(admin, '/admin/actions', { action: 'hide', targetType: 'room', targetId: room._id, reason }));

    const hidden = (await bell(owner)).find((n) => n.kind === 'listingHidden');
    expect(hidden).toMatchObject({
      title: 'आपकी लिस्टिंग "कमरा 204 · Gulmohar Niwas" को Kiraya के मॉडरेटरों ने छिपा दिया है',
      body: 'मॉडरेटरों का कारण: Photos copied from another listing। अब यह किरायेदारों को नहीं दिखती। अगर आपको लगता है कि यह ग़लती है, तो सपोर्ट को लिखें।',
    });

    await deliverDue(ctx.deps);
    const [mail] = mailsTo(owner.user.email);
    expect(mail?.subject).toBe(hidden?.title);
    expect(mail?.text).toContain('मॉडरेटरों का कारण: Photos copied from another listing।');
    expect(mail?.html).toContain('lang="hi-IN"');

    okData(
      await post(admin, '/admin/actions', { action: 'restore', targetType: 'room', targetId: room._id, reason: 'Owner sent originals.' }),
    );
    expect((await bell(owner)).find((n) => n.kind === 'listingRestored')).toMatchObject({
      title: 'आपकी लिस्टिंग "कमरा 204 · Gulmohar Niwas" फिर से दिख रही है',
      body: MSG_HI.listingRestoredBody,
    });

    // Switched back to English, the same notifications read in English.
    await switchLocale(ctx, owner, 'en-IN');
    expect((await bell(owner)).find((n) => n.kind === 'listingHidden')).toMatchObject({
      title: MSG.listingHiddenTitle('Room 204 · Gulmohar Niwas'),
      body: MSG.listingHiddenBody(reason),
    });
  });

  it('a Hindi reporter hears the outcome in Hindi', async () => {
    const owner = await signedIn(ctx, 'owner');
    const reporter = await signedIn(ctx, 'tenant');
    await switchLocale(ctx, reporter, 'hi-IN');
    const property = await createProperty(ctx.deps, owner.user._id, { title: 'Neem Kothi' });
    const sent = await post(reporter, '/reports', { targetType: 'property', targetId: property._id, reason: 'alreadyRented' });
    okData(sent, 201);
    expect(sent.json().message).toBe(MSG_HI.reportSent);
    okData(
      await post(admin, '/admin/actions', { action: 'dismiss', targetType: 'property', targetId: property._id, reason: 'Still vacant.' }),
    );
    expect((await bell(reporter)).find((n) => n.kind === 'reportResolved')).toMatchObject({
      title: 'हमने आपकी शिकायत देख ली है',
      body: MSG_HI.reportResolvedDismissed,
    });
  });
});
