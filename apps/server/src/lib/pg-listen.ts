import pg from 'pg';
import type { Db } from '../db/index.js';

/**
 * LISTEN on one channel of the app's database, on PostgreSQL and on PGlite (ADR 007, ADR 017). On
 * PostgreSQL a dedicated connection listens (reconnecting every second while it is down); `onUp` and
 * `onDown` tell the caller when notifications may have been missed. With `pooled`, every pooled connection
 * listens too, so a session hears its own transaction's notification before its COMMIT returns.
 */
export type ListenOptions = {
  channel: string;
  onNotify: (payload: string) => void;
  /** The listener is (again) connected: notifications sent while it was down were missed. */
  onUp?: () => void;
  /** The listener lost its connection. */
  onDown?: () => void;
  /** Also LISTEN on every pooled connection (see above). */
  pooled?: boolean;
  log: { warn: (obj: object, msg: string) => void };
};

type PgliteLike = { listen: (channel: string, cb: (payload: string) => void) => Promise<() => Promise<void>> };

/** PostgreSQL identifiers we listen on are plain lower-case names; anything else is a programming error. */
const checkChannel = (channel: string) => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel name ${channel}`);
};

/** Starts listening; returns a stop function. Resolves once the first connection attempt settled. */
export async function listenOn(db: Db, o: ListenOptions): Promise<() => Promise<void>> {
  checkChannel(o.channel);
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    let stopped = false;
    let conn: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;
    const onNotification = (m: pg.Notification) => {
      if (m.channel === o.channel) o.onNotify(m.payload ?? '');
    };
    const connect = async () => {
      const c = new pg.Client((client as unknown as { options: pg.ClientConfig }).options);
      c.on('notification', onNotification);
      c.on('error', (err) => {
        o.log.warn({ err }, `${o.channel} listener lost`);
        down(c);
      });
      c.on('end', () => down(c));
      try {
        await c.connect();
        await c.query(`LISTEN ${o.channel}`);
        if (stopped) return void c.end().catch(() => undefined);
        conn = c;
        o.onUp?.();
      } catch (err) {
        o.log.warn({ err }, `${o.channel} listener could not connect`);
        down(c);
      }
    };
    const down = (c: pg.Client) => {
      o.onDown?.();
      if (conn === c) conn = null;
      c.end().catch(() => undefined);
      if (!stopped && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, 1000);
        retry.unref();
      }
    };
    const options = (client as unknown as { options: { onConnect?: (c: pg.PoolClient) => unknown } }).options;
    const previous = options.onConnect;
    if (o.pooled) {
      // pg-pool awaits `onConnect` before handing a new client out, so LISTEN never overlaps a query.
      const listenPooled = async (c: pg.PoolClient) => {
        c.on('notification', onNotification);
        await c.query(`LISTEN ${o.channel}`);
      };
      options.onConnect = async (c) => {
        await previous?.(c);
        await listenPooled(c);
      };
      // Connections opened before this (migrations) are idle now; they listen too.
      const idle = (client as unknown as { _idle?: { client?: pg.PoolClient }[] })._idle ?? [];
      await Promise.all(idle.map((i) => (i.client ? listenPooled(i.client).catch(() => undefined) : undefined)));
    }
    o.onDown?.();
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      if (o.pooled) options.onConnect = previous;
      o.onDown?.();
      await conn?.end().catch(() => undefined);
    };
  }
  if (client && typeof (client as PgliteLike).listen === 'function') {
    const unlisten = await (client as PgliteLike).listen(o.channel, (payload) => o.onNotify(payload));
    o.onUp?.();
    return async () => {
      await unlisten().catch(() => undefined);
    };
  }
  return async () => undefined;
}
