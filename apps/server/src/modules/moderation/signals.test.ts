import { randomInt } from 'node:crypto';
import { API_BASE, moderationTargetDetailSchema, SIGNAL_WINDOWS } from '@kiraya/contract';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, properties, propertyImages, users } from '../../db/schema.js';
import { perceptualHash, photoDistance } from '../../lib/images.js';
import { newId } from '../../lib/ids.js';
import { fakeAadhaar, fakePhone } from '../../seed/factories.js';
import { createProperty, sampleImage } from '../../seed/property-factories.js';
import { cookieHeader, createTestContext, signedIn, type TestContext } from '../../test/harness.js';
import { okData, type Person } from '../../test/support.js';
import { backfillPhotoHashes, createAdmin } from './accounts.js';
import { signalsOf } from './signals.js';

let ctx: TestContext;

/** A photo-like picture: a grid of random colours (what a perceptual hash has something to say about). */
async function picture(width = 480, height = 360): Promise<Buffer> {
  const cell = 40;
  const raw = Buffer.alloc(width * height * 3);
  const colours = Array.from({ length: Math.ceil(width / cell) * Math.ceil(height / cell) }, () => [
    randomInt(256),
    randomInt(256),
    randomInt(256),
  ]);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const c = colours[Math.floor(y / cell) * Math.ceil(width / cell) + Math.floor(x / cell)] as number[];
      raw.set(c, (y * width + x) * 3);
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same picture made smaller and saved again, as a copier would. */
const resizedCopy = async (jpeg: Buffer) => sharp(jpeg).resize({ width: 360 }).jpeg({ quality: 70 }).toBuffer();

const changeAccount = async (who: Person, change: Record<string, string>) => {
  const u = who.user;
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${API_BASE}/users/update-account-details`,
    headers: { cookie: who.cookie },
    payload: {
      fullName: u.fullName,
      email: u.email,
      phoneNumber: u.phoneNumber,
      aadharCardNumber: u.aadharCardNumber,
      address: u.address,
      ...change,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('perceptual hashes of listing photos', () => {
  it('are stored at upload; a resized copy is a few bits away, another picture far', async () => {
    const a = await picture();
    const [ha, hCopy, hOther] = await Promise.all([
      perceptualHash(a),
      perceptualHash(await resizedCopy(a)),
      perceptualHash(await picture()),
    ]);
    expect(photoDistance(ha, ha)).toBe(0);
    expect(photoDistance(ha, hCopy)).toBeLessThanOrEqual(SIGNAL_WINDOWS.photoDistance);
    expect(photoDistance(ha, hOther)).toBeGreaterThan(SIGNAL_WINDOWS.photoDistance);
    const owner = await signedIn(ctx, 'owner');
    const p = await createProperty(ctx.deps, owner.user._id, {}, [a]);
    const [row] = await ctx.deps.db
      .select({ phash: files.phash })
      .from(propertyImages)
      .innerJoin(files, eq(files.id, propertyImages.fileId))
      .where(eq(propertyImages.propertyId, p._id));
    // Hashed from the re-encoded upload's pixels: the same picture as the original, near enough.
    expect(photoDistance(row?.phash ?? 0n, ha)).toBeLessThanOrEqual(4);
  });

  it('are filled in for photos stored before hashes existed, by the backfill (once)', async () => {
    const owner = await signedIn(ctx, 'owner');
    const p = await createProperty(ctx.deps, owner.user._id, {}, [await picture()]);
    const [link] = await ctx.deps.db.select().from(propertyImages).where(eq(propertyImages.propertyId, p._id));
    const [before] = await ctx.deps.db
      .select()
      .from(files)
      .where(eq(files.id, link?.fileId ?? ''));
    await ctx.deps.db
      .update(files)
      .set({ phash: null })
      .where(eq(files.id, before?.id ?? ''));
    expect(await backfillPhotoHashes(ctx.deps)).toBeGreaterThanOrEqual(1);
    const [after] = await ctx.deps.db
      .select()
      .from(files)
      .where(eq(files.id, before?.id ?? ''));
    // Hashed again from the stored display-size WebP: the same picture.
    expect(photoDistance(after?.phash ?? 0n, before?.phash ?? 0n)).toBeLessThanOrEqual(4);
    expect(await backfillPhotoHashes(ctx.deps)).toBe(0);
  });
});

describe('signals on two accounts sharing a phone and a reused photo', () => {
  let first: Person;
  let second: Person;
  let third: Person;
  let firstProperty: string;
  beforeAll(async () => {
    const phone = fakePhone();
    const aadhaar = fakeAadhaar();
    // The first account has the number and the Aadhaar, then moves to others…
    first = await signedIn(ctx, 'owner');
    await changeAccount(first, { phoneNumber: phone, aadharCardNumber: aadhaar });
    await changeAccount(first, { phoneNumber: fakePhone(), aadharCardNumber: fakeAadhaar() });
    // …and a second account signs up with them (free again).
    second = await signedIn(ctx, 'owner');
    await changeAccount(second, { phoneNumber: phone });
    third = await signedIn(ctx, 'owner');
    await changeAccount(third, { aadharCardNumber: aadhaar });
    // The second owner lists the first owner's photo (a smaller copy), and photos of their own.
    const photo = await picture();
    firstProperty = (await createProperty(ctx.deps, first.user._id, { city: 'Pune' }, [photo, await picture()]))._id;
    await createProperty(ctx.deps, second.user._id, { city: 'Mumbai' }, [await resizedCopy(photo), await picture()]);
    await createProperty(ctx.deps, second.user._id, { city: 'Thane' }, [await picture()]);
    // An old listing is not recent.
    const old = await createProperty(ctx.deps, second.user._id, { city: 'Nagpur' }, [await picture()]);
    await ctx.deps.db
      .update(properties)
      .set({ createdAt: new Date(Date.now() - 45 * 86_400_000) })
      .where(eq(properties.id, old._id));
    // A featureless picture (plain colour) in both owners' listings is not a reuse.
    await createProperty(ctx.deps, first.user._id, {}, [await sampleImage()]);
    await createProperty(ctx.deps, second.user._id, {}, [await sampleImage()]);
  });

  it('names the other accounts that had the same phone or Aadhaar, never the number', async () => {
    const s = await signalsOf(ctx.deps, second.user._id);
    expect(s.samePhone.map((a) => a.userId)).toEqual([first.user._id]);
    expect(s.samePhone[0]).toEqual({
      userId: first.user._id,
      username: first.user.username,
      fullName: first.user.fullName,
      role: 'owner',
      suspended: false,
    });
    expect(s.sameAadhaar).toEqual([]);
    const f = await signalsOf(ctx.deps, first.user._id);
    expect(f.samePhone.map((a) => a.userId)).toEqual([second.user._id]);
    expect(f.sameAadhaar.map((a) => a.userId)).toEqual([third.user._id]);
    expect((await signalsOf(ctx.deps, third.user._id)).samePhone).toEqual([]);
  });

  it('finds the photo also used in another owner’s listing, and counts recent listings and cities', async () => {
    const s = await signalsOf(ctx.deps, second.user._id);
    expect(s.reusedPhotos).toHaveLength(1);
    expect(s.reusedPhotos[0]).toMatchObject({
      otherPropertyId: firstProperty,
      otherOwnerId: first.user._id,
      otherOwnerName: first.user.fullName,
    });
    expect(s.reusedPhotos[0]?.distance).toBeLessThanOrEqual(SIGNAL_WINDOWS.photoDistance);
    expect(s.reusedPhotos[0]?.imageUrl).toMatch(/^\/uploads\/properties\/.+-thumb\.webp$/);
    // The same pair seen from the first owner.
    expect((await signalsOf(ctx.deps, first.user._id)).reusedPhotos.map((r) => r.otherOwnerId)).toEqual([second.user._id]);
    // Mumbai, Thane and the featureless one (Pune by default): three in the last 30 days; Nagpur is older.
    expect(s.recentListings).toEqual({ properties: 3, cities: 3 });
    expect(s.reports).toEqual({ total: 0, byReason: {} });
  });

  it('reaches a moderator through GET /admin/targets, with nothing private in the answer', async () => {
    const email = `mod.${newId()}@example.test`;
    await createAdmin(ctx.deps, email, 'Moderate123');
    const login = await ctx.app.inject({ method: 'POST', url: `${API_BASE}/users/login`, payload: { email, password: 'Moderate123' } });
    const res = await ctx.app.inject({
      url: `${API_BASE}/admin/targets/user/${second.user._id}`,
      headers: { cookie: cookieHeader(login) },
    });
    const d = moderationTargetDetailSchema.parse(okData(res));
    expect(d.signals.samePhone.map((a) => a.username)).toEqual([first.user.username]);
    expect(d.signals.reusedPhotos).toHaveLength(1);
    const rows = await ctx.deps.db
      .select()
      .from(users)
      .where(inArray(users.id, [first.user._id, second.user._id, third.user._id]));
    for (const r of rows) {
      expect(res.body).not.toContain(r.phoneNumber);
      expect(res.body).not.toContain(r.aadhaarHash);
      expect(res.body).not.toContain(r.email);
    }
  });
});
