import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = { url: string; served: number[]; close: () => Promise<void> };

/**
 * A small load balancer: each request goes to the next upstream in turn (round robin), answered with
 * `x-upstream: <index>` so a test can see which instance served it. Streams bodies both ways (SSE too).
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const i = next;
    next = (next + 1) % upstreams.length;
    served[i] = (served[i] ?? 0) + 1;
    const target = new URL(req.url ?? '/', upstreams[i]);
    const up = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host }, agent }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, { ...upRes.headers, 'x-upstream': String(i) });
      upRes.pipe(res);
    });
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(up);
    // The client went away mid-answer (a closed SSE stream): drop the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) up.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
