import { type PayoutState, type Payouts, paiseToRupees, platformFee } from '@kiraya/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.js';
import { paymentTransfers, payments, properties, rooms, users } from '../../db/schema.js';
import { APP_TIME_ZONE } from '../../lib/dates.js';
import { csvLine } from '../../lib/csv.js';
import type { Deps } from './common.js';

// The owner's payouts as a list and as CSV, and their states counted.

const monthOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit' }).format(d);

type PayoutLine = {
  paymentId: string;
  receiptNumber: string;
  paidAt: Date;
  roomNumber: string;
  propertyName: string;
  tenantName: string;
  amountPaise: number;
  feePaise: number;
  netPaise: number;
  state: PayoutState;
  transferId: string | null;
  settledOn: string | null;
  utr: string | null;
  failureReason: string | null;
};

async function payoutLines(deps: Deps, ownerId: string): Promise<PayoutLine[]> {
  const rows = await deps.db
    .select({
      paymentId: payments.id,
      receiptNumber: payments.receiptNumber,
      paidAt: payments.paidAt,
      roomNumber: rooms.roomNumber,
      propertyName: properties.title,
      tenantName: users.fullName,
      amountPaise: paymentTransfers.amountPaise,
      feePaise: paymentTransfers.feePaise,
      state: paymentTransfers.state,
      transferId: paymentTransfers.transferId,
      settledOn: paymentTransfers.settledOn,
      utr: paymentTransfers.utr,
      failureReason: paymentTransfers.failureReason,
    })
    .from(paymentTransfers)
    .innerJoin(payments, eq(payments.id, paymentTransfers.paymentId))
    .innerJoin(rooms, eq(rooms.id, payments.roomId))
    .innerJoin(properties, eq(properties.id, payments.propertyId))
    .innerJoin(users, eq(users.id, payments.tenantId))
    .where(eq(paymentTransfers.ownerId, ownerId))
    .orderBy(desc(payments.paidAt))
    .limit(2_000);
  return rows.map((r) => {
    // Held: the fee the transfer would take at today's rate; from the transfer on, the fee it took.
    const fee = r.feePaise ?? platformFee(r.amountPaise, deps.config.payouts.feeBps).feePaise;
    return { ...r, feePaise: fee, netPaise: r.amountPaise - fee, state: r.state as PayoutState };
  });
}

/** GET /payouts/list: each online payment's payout (rupees) and the totals per month. */
export async function listPayouts(deps: Deps, ownerId: string): Promise<Payouts> {
  const lines = await payoutLines(deps, ownerId);
  const months = new Map<string, { count: number; amount: number; fee: number; net: number; transferred: number; settled: number }>();
  for (const l of lines) {
    const key = monthOf(l.paidAt);
    const m = months.get(key) ?? { count: 0, amount: 0, fee: 0, net: 0, transferred: 0, settled: 0 };
    m.count++;
    m.amount += l.amountPaise;
    m.fee += l.feePaise;
    m.net += l.netPaise;
    if (l.state === 'transferred' || l.state === 'settled') m.transferred += l.netPaise;
    if (l.state === 'settled') m.settled += l.netPaise;
    months.set(key, m);
  }
  return {
    feeBps: deps.config.payouts.feeBps,
    payouts: lines.map((l) => ({
      paymentId: l.paymentId,
      receiptNumber: l.receiptNumber,
      paidAt: l.paidAt.toISOString(),
      roomNumber: l.roomNumber,
      propertyName: l.propertyName,
      tenantName: l.tenantName,
      amount: paiseToRupees(l.amountPaise),
      fee: paiseToRupees(l.feePaise),
      net: paiseToRupees(l.netPaise),
      state: l.state,
      transferId: l.transferId,
      settledOn: l.settledOn,
      utr: l.utr,
      failureReason: l.failureReason,
    })),
    months: [...months.entries()].map(([month, m]) => ({
      month,
      count: m.count,
      amount: paiseToRupees(m.amount),
      fee: paiseToRupees(m.fee),
      net: paiseToRupees(m.net),
      transferred: paiseToRupees(m.transferred),
      settled: paiseToRupees(m.settled),
    })),
  };
}

/** GET /payouts/export: the same lines as CSV (a BOM first, so spreadsheets read ₹ and names right). */
export async function payoutsCsv(deps: Deps, ownerId: string): Promise<{ filename: string; csv: string }> {
  const lines = await payoutLines(deps, ownerId);
  const out = [
    csvLine([
      'Paid at (IST)',
      'Receipt',
      'Property',
      'Room',
      'Tenant',
      'Amount (INR)',
      'Platform fee (INR)',
      'Net to bank (INR)',
      'Payout state',
      'Transfer',
      'Settled on',
      'UTR',
      'Failure reason',
    ]),
  ];
  const fmt = new Intl.DateTimeFormat('en-CA', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  for (const l of lines) {
    out.push(
      csvLine([
        fmt.format(l.paidAt).replace(',', ''),
        l.receiptNumber,
        l.propertyName,
        l.roomNumber,
        l.tenantName,
        paiseToRupees(l.amountPaise),
        paiseToRupees(l.feePaise),
        paiseToRupees(l.netPaise),
        l.state,
        l.transferId,
        l.settledOn,
        l.utr,
        l.failureReason,
      ]),
    );
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE }).format(new Date());
  return { filename: `kiraya-payouts-${today}.csv`, csv: `\uFEFF${out.join('\r\n')}\r\n` };
}

/** A count of the owner's payouts by state (the seed's and tests' check). */
export async function payoutStates(db: Db, ownerId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ state: paymentTransfers.state, n: sql<number>`count(*)::int` })
    .from(paymentTransfers)
    .where(eq(paymentTransfers.ownerId, ownerId))
    .groupBy(paymentTransfers.state);
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}
