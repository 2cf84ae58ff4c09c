// Bare Fastify (no plugins, no hooks) answering recorded responses: the ceiling the cached-reads bench holds
// Kiraya against (ADR 025). Reads a JSON file of { "<url>": { status, headers, body (base64) } } and answers
// each recorded URL with exactly those bytes and headers; prints its port on stdout once listening.
//   node bench/_bare.mjs <recorded.json>
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const recorded = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
const answers = new Map(Object.entries(recorded).map(([url, r]) => [url, { ...r, body: Buffer.from(r.body, 'base64') }]));
app.get('/*', (req, reply) => {
  const r = answers.get(req.url);
  if (!r) return reply.code(404).send();
  reply.code(r.status).headers(r.headers);
  return reply.send(r.body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => app.close().then(() => process.exit(0)));
