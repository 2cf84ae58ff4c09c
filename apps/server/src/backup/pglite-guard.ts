import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * One process at a time on a PGlite data directory (ADR 027). PGlite takes no lock of its own: two
 * processes opening one directory would both write it and corrupt it. Whoever opens the directory (the
 * server, a backup or a restore) first claims it by listening on a local socket named after it; a second
 * claim fails. On Linux the socket is an abstract one, which the kernel releases when its process ends,
 * however it ends (never stale); elsewhere it is a socket file beside the directory, removed on release,
 * and a stale one (nobody answering) is replaced.
 *
 * The server also answers dump requests on that socket, so a backup can take a consistent copy while it
 * runs. A request must carry the token the server wrote, readable only by the operator, in
 * DATA_DIR/.backup-token (mode 0600): a local user who cannot read DATA_DIR cannot get a dump.
 */

/** The directory is open in another process. */
export class PgliteInUseError extends Error {
  constructor(readonly dbDir: string) {
    super(
      `The database in ${dbDir} is open in another process (the server, a backup or a restore); only one process may open a PGlite directory.`,
    );
    this.name = 'PgliteInUseError';
  }
}

/** A claimed directory: released by `close` (and by the kernel when the process ends, on Linux). */
export type PgliteGuard = {
  /** From now on, answer dump requests with `dump` (the server, once its database is open). */
  serveDumps: (dump: () => Promise<Buffer>) => void;
  /**
   * From now on, answer `verb` requests (an operator command such as `npm run rent-cycle`, which cannot open
   * the directory while this process holds it) by running `run` with the request's argument; its text goes back.
   * Needs `serveDumps` first (it writes the token both check).
   */
  serveCommand: (verb: string, run: (arg: string) => Promise<string>) => void;
  close: () => Promise<void>;
};

const canonical = (dbDir: string): string => {
  const dir = resolve(dbDir);
  try {
    return join(realpathSync(dirname(dir)), basename(dir));
  } catch {
    return dir;
  }
};

/** The guard's socket address for a data directory. */
export function guardAddress(dbDir: string): string {
  const dir = canonical(dbDir);
  if (process.platform === 'linux') return `\0kiraya-pglite-${createHash('sha256').update(dir).digest('hex').slice(0, 40)}`;
  return join(dirname(dir), `.${basename(dir)}.lock.sock`);
}

const tokenFile = (dbDir: string) => join(dirname(resolve(dbDir)), '.backup-token');

const listen = (server: Server, address: string) =>
  new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(address, () => {
      server.off('error', fail);
      ok();
    });
  });

/** Whether something answers at `address` (a stale socket file refuses the connection). */
const answers = (address: string) =>
  new Promise<boolean>((ok) => {
    const s = connect(address);
    s.once('connect', () => {
      s.destroy();
      ok(true);
    });
    s.once('error', () => ok(false));
  });

/** Claims `dbDir` for this process, or throws PgliteInUseError. */
export async function claimPgliteDir(dbDir: string): Promise<PgliteGuard> {
  const address = guardAddress(dbDir);
  let dump: (() => Promise<Buffer>) | null = null;
  let token: Buffer | null = null;
  const commands = new Map<string, (arg: string) => Promise<string>>();
  const server = createServer((socket) => void answer(socket));
  const answer = async (socket: Socket) => {
    socket.on('error', () => undefined);
    // A command's argument (`npm run admin`'s, ADR 037) is at most a couple of kilobytes.
    const line = await readLine(socket, 4096).catch(() => null);
    if (line === null) return socket.destroy();
    const [verb = '', given = '', arg = ''] = line.split(' ');
    const givenBytes = Buffer.from(given, 'utf8');
    const command = commands.get(verb);
    if (verb !== 'DUMP' && !command) return socket.end('ERR unknown request\n');
    if (!dump || !token) return socket.end('ERR busy: a backup or restore holds the database; try again when it ends\n');
    if (givenBytes.length !== token.length || !timingSafeEqual(givenBytes, token)) return socket.end('ERR wrong token\n');
    try {
      const data = command ? Buffer.from(await command(arg), 'utf8') : await dump();
      socket.write(`OK ${data.length}\n`);
      socket.end(data);
    } catch (e) {
      socket.end(`ERR ${command ? verb.toLowerCase() : 'the dump'} failed: ${(e as Error).message.replace(/\s+/g, ' ')}\n`);
    }
  };
  mkdirSync(dirname(resolve(dbDir)), { recursive: true });
  try {
    await listen(server, address);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    if (address.startsWith('\0') || (await answers(address))) throw new PgliteInUseError(resolve(dbDir));
    // A socket file left by a process that died: nobody answers it.
    rmSync(address, { force: true });
    try {
      await listen(server, address);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PgliteInUseError(resolve(dbDir));
      throw again;
    }
  }
  return {
    serveDumps(fn) {
      token = Buffer.from(randomBytes(32).toString('base64url'));
      // A fresh file each time: an existing one could have looser permissions, which writing would keep.
      rmSync(tokenFile(dbDir), { force: true });
      writeFileSync(tokenFile(dbDir), token, { mode: 0o600, flag: 'wx' });
      dump = fn;
    },
    serveCommand(verb, run) {
      if (!/^[A-Z][A-Z-]{0,31}$/.test(verb) || verb === 'DUMP') throw new Error(`pglite guard: bad command name ${verb}`);
      commands.set(verb, run);
    },
    close: () =>
      new Promise<void>((ok) => {
        dump = null;
        if (token) rmSync(tokenFile(dbDir), { force: true });
        server.close(() => ok());
      }),
  };
}

/** Reads one line (without its newline) of at most `max` bytes; the rest stays in the socket. */
function readLine(socket: Socket, max: number): Promise<string> {
  return new Promise((ok, fail) => {
    let got = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const nl = got.indexOf(10);
      if (nl >= 0) {
        cleanup();
        socket.pause();
        const rest = got.subarray(nl + 1);
        if (rest.length > 0) socket.unshift(rest);
        ok(got.subarray(0, nl).toString('utf8'));
      } else if (got.length > max) {
        cleanup();
        fail(new Error('line too long'));
      }
    };
    const onEnd = () => {
      cleanup();
      fail(new Error('closed'));
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onEnd);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', onEnd);
  });
}

/** Asks the process holding `dbDir` for a consistent dump of it (a gzipped tar of the data directory). */
export const requestDump = (dbDir: string): Promise<Buffer> => request(dbDir, 'DUMP');

/** Asks the process holding `dbDir` (the running server) to run an operator command; answers its text. */
export async function requestCommand(dbDir: string, verb: string, arg = ''): Promise<string> {
  if (/\s/.test(arg)) throw new Error('pglite guard: a command argument has no spaces');
  return (await request(dbDir, verb, arg)).toString('utf8');
}

async function request(dbDir: string, verb: string, arg = ''): Promise<Buffer> {
  const address = guardAddress(dbDir);
  let token: string;
  try {
    token = readFileSync(tokenFile(dbDir), 'utf8').trim();
  } catch {
    throw new Error(
      `The database in ${resolve(dbDir)} is open in another process, which does not serve backups (a backup or restore, or a server older than this one); try again when it ends, or stop the server.`,
    );
  }
  const socket = connect(address);
  socket.on('error', () => undefined);
  await new Promise<void>((ok, fail) => {
    socket.once('connect', ok);
    socket.once('error', fail);
  });
  socket.write(`${verb} ${token}${arg ? ` ${arg}` : ''}\n`);
  const head = await readLine(socket, 1024);
  if (!head.startsWith('OK ')) {
    socket.destroy();
    throw new Error(`The running server refused the ${verb === 'DUMP' ? 'dump' : 'command'}: ${head.replace(/^ERR /, '')}`);
  }
  const length = Number(head.slice(3));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of socket) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  if (size !== length) throw new Error(`The running server's answer was cut short (${size} of ${length} bytes).`);
  return Buffer.concat(chunks, size);
}

/**
 * A consistent dump of an open PGlite: a checkpoint (the data files up to date), then the data directory
 * as a gzipped tar taken while no transaction runs (PGlite's transaction lock held, so every transaction
 * is either wholly in or out) and no statement runs (dumpDataDir takes the query lock).
 */
export async function consistentDump(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  const blob = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return Buffer.from(await blob.arrayBuffer());
}
