import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Razorpay's API played by a local HTTP server (no network), for every test of the Razorpay client
 * (`lib/razorpay.ts`): orders and their payments (`payments/gateway.ts`), Route's linked accounts, transfers and
 * settlements (`payouts/gateway.ts`). Shapes follow Razorpay's API reference; state is kept in the returned object,
 * which a test reads and changes (a failing API, refused transfers, a slow transfer, payments to report).
 */
export type FakeOrder = { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string> };
export type FakeTransfer = { id: string; source: string; recipient: string; amount: number; currency: string; status: string };

export type FakeRazorpay = {
  apiBase: string;
  orders: Map<string, FakeOrder>;
  /** The payments `GET /v1/orders/{id}/payments` lists, by order id: a test puts what the checkout "paid". */
  payments: Map<string, object[]>;
  accounts: Map<string, { productId: string; activation: string; settlements?: unknown }>;
  transfers: Map<string, FakeTransfer>;
  settlements: Map<string, { id: string; utr: string; created_at: number; status: string }>;
  requests: { method: string; url: string; auth: string; body: unknown }[];
  /** Answer every call with this status (a Razorpay outage). */
  failWith: number;
  refuseTransfers: boolean;
  transferDelayMs: number;
  /** A new id like Razorpay's with the prefix (`pay_`, `evt_`…). */
  next: (prefix: string) => string;
  close: () => Promise<void>;
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => resolve(s));
  });

export async function startFakeRazorpay({ keyId, keySecret }: { keyId: string; keySecret: string }): Promise<FakeRazorpay> {
  let n = 0;
  const fake: Omit<FakeRazorpay, 'apiBase' | 'close'> = {
    orders: new Map(),
    payments: new Map(),
    accounts: new Map(),
    transfers: new Map(),
    settlements: new Map(),
    requests: [],
    failWith: 0,
    refuseTransfers: false,
    transferDelayMs: 0,
    next: (prefix) => `${prefix}Fake${String(++n).padStart(10, '0')}`,
  };
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const text = await read(req);
    const body = text ? JSON.parse(text) : undefined;
    const url = req.url ?? '';
    fake.requests.push({ method: req.method ?? '', url, auth: req.headers.authorization ?? '', body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const bad = (description: string) => send(400, { error: { code: 'BAD_REQUEST_ERROR', description } });
    if (fake.failWith) return send(fake.failWith, { error: { code: 'SERVER_ERROR', description: 'The server is down' } });
    if (req.headers.authorization !== auth)
      return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    let m: RegExpExecArray | null = null;

    if (req.method === 'POST' && url === '/v1/orders') {
      if (!Number.isInteger(body?.amount) || body.amount < 100 || body.currency !== 'INR')
        return bad('The amount must be at least INR 1.00');
      const order = { id: fake.next('order_'), amount: body.amount, currency: body.currency, receipt: body.receipt, notes: body.notes };
      fake.orders.set(order.id, order);
      return send(200, {
        ...order,
        entity: 'order',
        amount_paid: 0,
        amount_due: body.amount,
        status: 'created',
        attempts: 0,
        created_at: 1_790_000_000,
      });
    }
    m = /^\/v1\/orders\/([A-Za-z0-9_]+)\/payments$/.exec(url);
    if (req.method === 'GET' && m?.[1]) {
      if (!fake.orders.has(m[1])) return bad('The id provided does not exist');
      const items = fake.payments.get(m[1]) ?? [];
      return send(200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'POST' && url === '/v2/accounts') {
      if (body.type !== 'route' || !/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(body.legal_info?.pan ?? '')) return bad('Invalid account');
      const id = fake.next('acc_');
      fake.accounts.set(id, { productId: '', activation: 'created' });
      return send(200, { id, type: 'route', status: 'created', email: body.email });
    }
    m = /^\/v2\/accounts\/(acc_[A-Za-z0-9]+)\/stakeholders$/.exec(url);
    if (req.method === 'POST' && m) {
      return fake.accounts.has(m[1] ?? '') ? send(200, { id: fake.next('sth_'), name: body.name }) : bad('No such account');
    }
    m = /^\/v2\/accounts\/(acc_[A-Za-z0-9]+)\/products$/.exec(url);
    if (req.method === 'POST' && m) {
      const acc = fake.accounts.get(m[1] ?? '');
      if (!acc || body.product_name !== 'route') return bad('No such account');
      acc.productId = fake.next('acc_prd_');
      return send(200, { id: acc.productId, product_name: 'route', activation_status: 'requested' });
    }
    m = /^\/v2\/accounts\/(acc_[A-Za-z0-9]+)\/products\/(acc_prd_[A-Za-z0-9]+)$/.exec(url);
    if (m) {
      const acc = fake.accounts.get(m[1] ?? '');
      if (!acc || acc.productId !== m[2]) return bad('No such product');
      if (req.method === 'PATCH') {
        acc.settlements = body.settlements;
        if (acc.activation === 'created') acc.activation = 'under_review';
      }
      const requirements =
        acc.activation === 'needs_clarification'
          ? [{ field_reference: 'settlements.ifsc_code', description: 'IFSC does not match the bank' }]
          : [];
      return send(200, { id: acc.productId, activation_status: acc.activation, requirements });
    }
    m = /^\/v1\/payments\/(pay_[A-Za-z0-9]+)\/transfers$/.exec(url);
    if (m) {
      const source = m[1] ?? '';
      if (req.method === 'GET') {
        const items = [...fake.transfers.values()].filter((t) => t.source === source);
        return send(200, { entity: 'collection', count: items.length, items });
      }
      if (fake.refuseTransfers) return bad('The linked account is not activated (settlement account 501002348765)');
      if (fake.transferDelayMs) await new Promise((r) => setTimeout(r, fake.transferDelayMs));
      const items = (body.transfers as { account: string; amount: number; currency: string }[]).map((t) => {
        const made = { id: fake.next('trf_'), source, recipient: t.account, amount: t.amount, currency: t.currency, status: 'processed' };
        fake.transfers.set(made.id, made);
        return { ...made, entity: 'transfer' };
      });
      return send(200, { entity: 'collection', count: items.length, items });
    }
    m = /^\/v1\/transfers\/(trf_[A-Za-z0-9]+)\?expand\[\]=recipient_settlement$/.exec(url);
    if (req.method === 'GET' && m) {
      const t = fake.transfers.get(m[1] ?? '');
      if (!t) return bad('No such transfer');
      const s = fake.settlements.get(t.id);
      return send(200, { ...t, recipient_settlement_id: s?.id ?? null, recipient_settlement: s ?? null });
    }
    return send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, { apiBase, close: () => new Promise<void>((r) => server.close(() => r())) });
}
