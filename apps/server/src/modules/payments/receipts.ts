import {
  HRA_PAN_THRESHOLD_PAISE,
  MSG,
  paiseToRupees,
  paymentMethodLabel,
  type Receipt,
  type RentReceipt,
  rentPeriodRange,
} from '@kiraya/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { billGroups, billItems, paymentAllocations, payments, properties, tenancies, users } from '../../db/schema.js';
import { type Caller, roomAccess } from '../../lib/access.js';
import { todayInIndia } from '../../lib/dates.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { paymentViews } from './service.js';
import { financialYearOf, tdsOfYear } from './tds.js';

type Deps = Pick<AppDeps, 'db' | 'crypto'>;

const contact = (u: { fullName: string; email: string; phoneNumber: string }) => ({
  fullName: u.fullName,
  email: u.email,
  phoneNumber: u.phoneNumber,
});

/** The property's address as receipts print it. */
const addressOf = (p: typeof properties.$inferSelect) => ({
  _id: p.id,
  title: p.title,
  street: p.street,
  landmark: p.landmark,
  city: p.city,
  state: p.state,
  pincode: p.pincode,
});

/** GET /payments/receipt/:id: the printable receipt, for the payer and the payee (the room's owner) only. */
export async function receipt(deps: Deps, caller: NonNullable<Caller>, paymentId: string): Promise<Receipt> {
  if (!isUuid(paymentId)) throw notFound(MSG.paymentNotFound);
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!row || (row.tenantId !== caller.userId && row.ownerId !== caller.userId)) throw notFound(MSG.paymentNotFound);
  const [view] = await paymentViews(deps.db, [row.id]);
  const people = await deps.db
    .select({ id: users.id, fullName: users.fullName, email: users.email, phoneNumber: users.phoneNumber })
    .from(users)
    .where(sql`${users.id} in (${row.tenantId}, ${row.ownerId})`);
  const [property] = await deps.db.select().from(properties).where(eq(properties.id, row.propertyId)).limit(1);
  const payer = people.find((p) => p.id === row.tenantId);
  const payee = people.find((p) => p.id === row.ownerId);
  if (!view || !payer || !payee || !property) throw notFound(MSG.paymentNotFound);
  return {
    ...view,
    payer: contact(payer),
    payee: contact(payee),
    address: addressOf(property),
  };
}

/**
 * GET /payments/rent-receipt?roomId&period[&tenantId]: a rent receipt for HRA (B18): the rent (Rent Bill
 * allocations) a tenant paid for a room in a month or financial year, by payment date in India. Its
 * tenant (current or former) gets their own; the owner names the tenant (default: the room's current one).
 * The owner's PAN is printed when the financial year's rent passes ₹1,00,000 (and always to the owner).
 */
export async function rentReceipt(
  deps: Deps,
  caller: NonNullable<Caller>,
  q: { roomId: string; period: string; tenantId?: string },
): Promise<RentReceipt> {
  const { room, property, relation } = await roomAccess(deps.db, caller, q.roomId, 'owner-or-tenant-or-former', { archived: true });
  let tenantId = caller.userId;
  if (relation === 'owner') {
    if (q.tenantId) {
      if (!isUuid(q.tenantId)) throw notFound(MSG.roomTenantNotFound);
      tenantId = q.tenantId;
    } else if (room.tenantId) {
      tenantId = room.tenantId;
    } else {
      const [last] = await deps.db
        .select({ tenantId: tenancies.tenantId })
        .from(tenancies)
        .where(eq(tenancies.roomId, room.id))
        .orderBy(sql`${tenancies.moveOutDate} desc nulls first`)
        .limit(1);
      if (!last) throw badRequest(MSG.roomTenantNotFound, 'tenantId');
      tenantId = last.tenantId;
    }
    const [was] = await deps.db
      .select({ id: tenancies.id })
      .from(tenancies)
      .where(and(eq(tenancies.roomId, room.id), eq(tenancies.tenantId, tenantId)))
      .limit(1);
    if (!was) throw notFound(MSG.roomTenantNotFound);
  }
  const range = rentPeriodRange(q.period);
  // Rent for the period the rent bill covers (issue 19): money paid in November for September's rent is on
  // September's receipt, and in September's financial year, whenever it was paid. One row per payment and month.
  const rentMonth = sql<string>`to_char(${billGroups.billDate}, 'YYYY-MM')`;
  const rentOf = (from: string, to: string) =>
    deps.db
      .select({
        id: payments.id,
        receiptNumber: payments.receiptNumber,
        paymentId: payments.gatewayPaymentId,
        kind: payments.kind,
        method: payments.method,
        paidAt: payments.paidAt,
        rentFor: rentMonth,
        rentPaise: sql<string>`sum(${paymentAllocations.amountPaise})`,
      })
      .from(payments)
      .innerJoin(paymentAllocations, eq(paymentAllocations.paymentId, payments.id))
      .innerJoin(billItems, eq(billItems.id, paymentAllocations.billItemId))
      .innerJoin(billGroups, eq(billGroups.id, billItems.groupId))
      .where(
        and(
          eq(payments.roomId, room.id),
          eq(payments.tenantId, tenantId),
          eq(billItems.billType, 'Rent Bill'),
          sql`${billGroups.billDate} between ${from}::date and ${to}::date`,
        ),
      )
      .groupBy(payments.id, rentMonth)
      .orderBy(rentMonth, asc(payments.paidAt));
  const [inPeriod, year] = await Promise.all([
    rentOf(range.from, range.to),
    tdsOfYear(deps.db, { roomId: room.id, tenantId, period: q.period.startsWith('FY') ? q.period : financialYearOf(range.from) }),
  ]);
  const yearPaise = year.yearRentPaise;
  const { tds, monthlyRentPaise } = year;
  const panRequired = yearPaise > HRA_PAN_THRESHOLD_PAISE;
  const people = await deps.db
    .select({ id: users.id, fullName: users.fullName, panCipher: users.panCipher })
    .from(users)
    .where(sql`${users.id} in (${tenantId}, ${property.ownerId})`);
  const tenant = people.find((p) => p.id === tenantId);
  const owner = people.find((p) => p.id === property.ownerId);
  if (!tenant || !owner) throw notFound(MSG.roomTenantNotFound);
  const showPan = owner.panCipher && (panRequired || relation === 'owner');
  return {
    period: q.period,
    label: range.label,
    from: range.from,
    to: range.to,
    tenant: { fullName: tenant.fullName },
    owner: { fullName: owner.fullName, pan: showPan && owner.panCipher ? deps.crypto.decrypt(owner.panCipher) : null },
    panRequired,
    address: addressOf(property),
    room: { _id: room.id, roomNumber: room.roomNumber },
    rentPaid: paiseToRupees(inPeriod.reduce((s, r) => s + Number(r.rentPaise), 0)),
    payments: inPeriod.map((r) => ({
      _id: r.id,
      receiptNumber: r.receiptNumber,
      paymentId: r.paymentId,
      methodLabel: paymentMethodLabel(r.kind, r.method),
      paidAt: r.paidAt.toISOString(),
      rentFor: r.rentFor,
      amount: paiseToRupees(Number(r.rentPaise)),
    })),
    issuedOn: todayInIndia(),
    tds: tds
      ? {
          ratePercent: tds.rateBp / 100,
          tax: paiseToRupees(tds.taxPaise),
          monthlyRent: paiseToRupees(monthlyRentPaise),
          yearRent: paiseToRupees(yearPaise),
          financialYear: year.label,
        }
      : null,
  };
}
