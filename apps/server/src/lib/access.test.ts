import { MSG } from '@kiraya/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createRoom, occupyRoom } from '../seed/property-factories.js';
import { createOwner, createTenant } from '../seed/factories.js';
import { pauseProperty } from '../modules/properties/index.js';
import { vacateRoom } from '../modules/tenancy/index.js';
import { type TestContext, createTestContext } from '../test/harness.js';
import { type Caller, type PropertyNeed, type RoomNeed, propertyAccess, requestAccess, roomAccess } from './access.js';
import { requests } from '../db/schema.js';
import { newId } from './ids.js';
import { AppError } from './errors.js';

let ctx: TestContext;
const who: Record<'owner' | 'otherOwner' | 'tenant' | 'otherTenant', Caller> = {} as never;
let listedRoom: string;
let pausedRoom: string;
let listedProperty: string;
let pausedProperty: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const [owner, otherOwner, tenant, otherTenant] = await Promise.all([
    createOwner(ctx.deps),
    createOwner(ctx.deps),
    createTenant(ctx.deps),
    createTenant(ctx.deps),
  ]);
  who.owner = { userId: owner._id, role: 'owner' };
  who.otherOwner = { userId: otherOwner._id, role: 'owner' };
  who.tenant = { userId: tenant._id, role: 'tenant' };
  who.otherTenant = { userId: otherTenant._id, role: 'tenant' };
  listedProperty = (await createProperty(ctx.deps, owner._id))._id;
  pausedProperty = (await createProperty(ctx.deps, owner._id))._id;
  listedRoom = (await createRoom(ctx.deps, owner._id, listedProperty))._id;
  pausedRoom = (await createRoom(ctx.deps, owner._id, pausedProperty))._id;
  await occupyRoom(ctx.deps, listedRoom, tenant._id);
  await occupyRoom(ctx.deps, pausedRoom, tenant._id);
  await pauseProperty(ctx.deps, owner._id, pausedProperty, { isPaused: true });
});
afterAll(() => ctx.close());

/** The status and message of a refusal, or 'ok' with the relation found. */
async function outcome(p: Promise<{ relation: string }>): Promise<string> {
  try {
    return `ok:${(await p).relation}`;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return `${e.statusCode}:${e.message}`;
  }
}

const OK = (relation: string) => `ok:${relation}`;
const E401 = `401:${MSG.unauthorized}`;
const E403 = `403:${MSG.forbidden}`;
const OWNERS_ONLY = `403:${MSG.ownersOnly}`;
const TENANTS_ONLY = `403:${MSG.tenantsOnly}`;
const ROOM_404 = `404:${MSG.roomNotFound}`;
const PROPERTY_404 = `404:${MSG.propertyNotFound}`;

type Caller4 = 'visitor' | keyof typeof who;
const callerOf = (c: Caller4): Caller => (c === 'visitor' ? null : who[c]);

describe('roomAccess on a listed room (its tenant is `tenant`)', () => {
  const table: [RoomNeed, Record<Caller4, string>][] = [
    ['owner', { visitor: E401, owner: OK('owner'), otherOwner: E403, tenant: OWNERS_ONLY, otherTenant: OWNERS_ONLY }],
    ['tenant', { visitor: E401, owner: TENANTS_ONLY, otherOwner: TENANTS_ONLY, tenant: OK('tenant'), otherTenant: E403 }],
    ['owner-or-tenant', { visitor: E401, owner: OK('owner'), otherOwner: E403, tenant: OK('tenant'), otherTenant: E403 }],
    ['owner-or-tenant-or-former', { visitor: E401, owner: OK('owner'), otherOwner: E403, tenant: OK('tenant'), otherTenant: E403 }],
    ['listed', { visitor: OK('none'), owner: OK('owner'), otherOwner: OK('none'), tenant: OK('tenant'), otherTenant: OK('none') }],
  ];
  for (const [need, expected] of table) {
    it(`need '${need}'`, async () => {
      for (const [c, want] of Object.entries(expected)) {
        expect(await outcome(roomAccess(ctx.deps.db, callerOf(c as Caller4), listedRoom, need)), `${c}`).toBe(want);
      }
    });
  }

  it('returns the room with its property, loaded together', async () => {
    const r = await roomAccess(ctx.deps.db, who.owner, listedRoom, 'owner');
    expect(r.room.id).toBe(listedRoom);
    expect(r.property.id).toBe(listedProperty);
    expect(r.room.propertyId).toBe(r.property.id);
  });

  it('locks inside a transaction', async () => {
    const r = await ctx.deps.db.transaction(async (tx) => roomAccess(tx as never, who.owner, listedRoom, 'owner', { lock: true }));
    expect(r.relation).toBe('owner');
  });
});

describe('roomAccess on a paused listing: 404 to everyone unrelated', () => {
  const table: [RoomNeed, Record<Caller4, string>][] = [
    ['owner', { visitor: E401, owner: OK('owner'), otherOwner: ROOM_404, tenant: OWNERS_ONLY, otherTenant: ROOM_404 }],
    ['tenant', { visitor: E401, owner: TENANTS_ONLY, otherOwner: ROOM_404, tenant: OK('tenant'), otherTenant: ROOM_404 }],
    ['owner-or-tenant', { visitor: E401, owner: OK('owner'), otherOwner: ROOM_404, tenant: OK('tenant'), otherTenant: ROOM_404 }],
    ['listed', { visitor: ROOM_404, owner: OK('owner'), otherOwner: ROOM_404, tenant: OK('tenant'), otherTenant: ROOM_404 }],
  ];
  for (const [need, expected] of table) {
    it(`need '${need}'`, async () => {
      for (const [c, want] of Object.entries(expected)) {
        expect(await outcome(roomAccess(ctx.deps.db, callerOf(c as Caller4), pausedRoom, need)), `${c}`).toBe(want);
      }
    });
  }
});

describe('roomAccess on ids that name nothing', () => {
  it('is 404 for a malformed or unknown id (401 first for a visitor when sign-in is needed)', async () => {
    for (const id of ['nope', '00000000-0000-7000-8000-000000000000', '']) {
      expect(await outcome(roomAccess(ctx.deps.db, who.owner, id, 'owner'))).toBe(ROOM_404);
      expect(await outcome(roomAccess(ctx.deps.db, null, id, 'listed'))).toBe(ROOM_404);
      expect(await outcome(roomAccess(ctx.deps.db, null, id, 'owner'))).toBe(E401);
    }
  });
});

describe('propertyAccess', () => {
  const listed: [PropertyNeed, Record<Caller4, string>][] = [
    ['owner', { visitor: E401, owner: OK('owner'), otherOwner: E403, tenant: OWNERS_ONLY, otherTenant: OWNERS_ONLY }],
    ['listed', { visitor: OK('none'), owner: OK('owner'), otherOwner: OK('none'), tenant: OK('tenant'), otherTenant: OK('none') }],
  ];
  const paused: [PropertyNeed, Record<Caller4, string>][] = [
    ['owner', { visitor: E401, owner: OK('owner'), otherOwner: PROPERTY_404, tenant: OWNERS_ONLY, otherTenant: PROPERTY_404 }],
    ['listed', { visitor: PROPERTY_404, owner: OK('owner'), otherOwner: PROPERTY_404, tenant: OK('tenant'), otherTenant: PROPERTY_404 }],
  ];
  for (const [label, table, id] of [
    ['listed', listed, () => listedProperty],
    ['paused', paused, () => pausedProperty],
  ] as const) {
    for (const [need, expected] of table) {
      it(`${label} property, need '${need}'`, async () => {
        for (const [c, want] of Object.entries(expected)) {
          expect(await outcome(propertyAccess(ctx.deps.db, callerOf(c as Caller4), id(), need)), `${c}`).toBe(want);
        }
      });
    }
  }

  it('is 404 for a malformed or unknown id', async () => {
    expect(await outcome(propertyAccess(ctx.deps.db, who.owner, 'x', 'owner'))).toBe(PROPERTY_404);
    expect(await outcome(propertyAccess(ctx.deps.db, null, '00000000-0000-7000-8000-000000000000', 'listed'))).toBe(PROPERTY_404);
  });

  it('locks inside a transaction', async () => {
    const r = await ctx.deps.db.transaction(async (tx) => propertyAccess(tx as never, who.owner, listedProperty, 'owner', { lock: true }));
    expect(r.property.id).toBe(listedProperty);
  });
});

describe('former tenants (tenancy history, ADR 013)', () => {
  let formerRoom: string;
  let formerPausedRoom: string;
  beforeAll(async () => {
    const owner = who.owner as NonNullable<Caller>;
    const former = who.otherTenant as NonNullable<Caller>;
    const p = (await createProperty(ctx.deps, owner.userId))._id;
    const q = (await createProperty(ctx.deps, owner.userId))._id;
    formerRoom = (await createRoom(ctx.deps, owner.userId, p))._id;
    formerPausedRoom = (await createRoom(ctx.deps, owner.userId, q))._id;
    for (const room of [formerRoom, formerPausedRoom]) {
      await occupyRoom(ctx.deps, room, former.userId, '2025-01-01');
      await vacateRoom(ctx.deps, owner.userId, room, '2025-06-30', 'Left before the notice ran out.');
    }
    await pauseProperty(ctx.deps, owner.userId, q, { isPaused: true });
  });

  it("a tenant whose tenancy ended is the room's former tenant: admitted where the need allows former tenants only", async () => {
    expect(await outcome(roomAccess(ctx.deps.db, who.otherTenant, formerRoom, 'owner-or-tenant-or-former'))).toBe(OK('former'));
    expect(await outcome(roomAccess(ctx.deps.db, who.otherTenant, formerRoom, 'owner-or-tenant'))).toBe(E403);
    expect(await outcome(roomAccess(ctx.deps.db, who.otherTenant, formerRoom, 'tenant'))).toBe(E403);
    // Someone who never lived there is not a former tenant.
    expect(await outcome(roomAccess(ctx.deps.db, who.tenant, formerRoom, 'owner-or-tenant-or-former'))).toBe(E403);
  });

  it('a former tenant still sees the room of a paused listing; others do not', async () => {
    expect(await outcome(roomAccess(ctx.deps.db, who.otherTenant, formerPausedRoom, 'listed'))).toBe(OK('former'));
    expect(await outcome(roomAccess(ctx.deps.db, who.otherTenant, formerPausedRoom, 'owner-or-tenant-or-former'))).toBe(OK('former'));
    expect(await outcome(roomAccess(ctx.deps.db, who.tenant, formerPausedRoom, 'listed'))).toBe(ROOM_404);
  });

  it("a current tenancy does not make its tenant 'former'", async () => {
    expect(await outcome(roomAccess(ctx.deps.db, who.tenant, listedRoom, 'owner-or-tenant-or-former'))).toBe(OK('tenant'));
  });
});

describe('requestAccess: a request is private to its owner and its invitee', () => {
  it('answers the party it needs, and 404 to everyone else', async () => {
    const owner = who.owner as NonNullable<Caller>;
    const invitee = who.otherTenant as NonNullable<Caller>;
    const room = (await createRoom(ctx.deps, owner.userId, listedProperty))._id;
    const id = newId();
    await ctx.deps.db.insert(requests).values({ id, roomId: room, ownerId: owner.userId, tenantId: invitee.userId });
    const R404 = `404:${MSG.requestNotFound}`;
    const ok = async (p: Promise<{ id: string }>) => {
      try {
        return `ok:${(await p).id === id}`;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return `${e.statusCode}:${e.message}`;
      }
    };
    expect(await ok(requestAccess(ctx.deps.db, invitee, id, 'invitee'))).toBe('ok:true');
    expect(await ok(requestAccess(ctx.deps.db, owner, id, 'owner'))).toBe('ok:true');
    expect(await ok(requestAccess(ctx.deps.db, owner, id, 'invitee'))).toBe(R404);
    expect(await ok(requestAccess(ctx.deps.db, invitee, id, 'owner'))).toBe(R404);
    expect(await ok(requestAccess(ctx.deps.db, who.tenant, id, 'invitee'))).toBe(R404);
    expect(await ok(requestAccess(ctx.deps.db, who.otherOwner, id, 'owner'))).toBe(R404);
    expect(await ok(requestAccess(ctx.deps.db, null, id, 'owner'))).toBe(E401);
    expect(await ok(requestAccess(ctx.deps.db, owner, 'nope', 'owner'))).toBe(R404);
  });
});
