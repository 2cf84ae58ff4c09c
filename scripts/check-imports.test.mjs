import { describe, expect, it } from 'vitest';
import { checkFiles, checkTree } from './check-imports.mjs';

const root = new URL('..', import.meta.url).pathname;
const M = 'apps/server/src/modules';
const S = 'apps/server/src';
const F = 'apps/web/src/features';

/** One file with one import line; `path` is where the importing file would live. */
const probe = (path, line) => ({ path, source: `// a probe\n${line}\nexport const x = 1;\n` });
const caught = (p) => checkFiles([p]).length > 0;

// The ten server probes of issue 20 (Biome's glob rule caught the first six and missed the last four),
// then more ways a file can name another.
const serverProbes = [
  probe(`${M}/bills/service.ts`, `import { createOrder } from '../payments/service.js';`),
  probe(`${M}/bills/service.ts`, `import { webhookSignature } from '../payments/gateway.js';`),
  probe(`${M}/bills/routes.ts`, `export { paymentsRoutes } from '../payments/routes.js';`),
  probe(`${M}/bills/service.ts`, `import { createOrder } from '../../modules/payments/service.js';`),
  probe(`${M}/bills/service.ts`, `import { buildApp } from '../../app.js';`),
  probe(`${M}/bills/service.ts`, `import '../../main.js';`),
  probe(`${M}/bills/service.ts`, `import { createOrder } from './../payments/service.js';`),
  probe(`${M}/bills/reports/monthly.ts`, `import { createOrder } from '../../payments/service.js';`),
  probe(`${S}/test/access-matrix.test.ts`, `import { createOrder } from '../modules/payments/service.js';`),
  probe(`${S}/lib/access.test.ts`, `import { pauseProperty } from '../modules/properties/service.js';`),
  probe(`${S}/app.ts`, `import { roomsRoutes } from './modules/rooms/routes.js';`),
  probe(`${S}/seed/demo.ts`, `import { saveImages } from '../modules/properties/shared.js';`),
  probe(`${S}/plugins/x.ts`, `const { createOrder } = await import('../modules/payments/service.js');`),
  probe(`${M}/bills/bills.test.ts`, `vi.mock('../payments/service.js', () => ({}));`),
  probe(`${M}/bills/service.ts`, `import type { Viewer } from '../properties/service.js';`),
  probe('bench/uploads.ts', `import { saveImages } from '../apps/server/src/modules/properties/shared.js';`),
];

const webProbes = [
  probe(`${F}/bills/components/Bills.tsx`, `import { PayButton } from '../../payments/components/PayButton';`),
  probe(`${F}/bills/components/Bills.tsx`, `import { PayButton } from './../../payments/components/PayButton';`),
  probe(`${F}/bills/messages.ts`, `import { MESSAGES } from './../auth/messages';`),
  probe(`${F}/bills/messages.ts`, `import { MESSAGES } from '../auth/messages';`),
  probe(`${F}/bills/api/queries.ts`, `import { paymentQueries } from '../../../features/payments/api/queries';`),
  probe(`${F}/bills/components/Bills.tsx`, `const Pay = lazy(() => import('../../payments/components/PayBillPage'));`),
  probe(`${F}/bills/components/deep/Row.tsx`, `import { Thing } from '../../../rooms/components/Thing';`),
];

// What the rules allow: a module's own files, other modules' front doors, shared folders; a feature's own
// files and the shared web folders; routes composing features.
const allowed = [
  probe(`${M}/bills/service.ts`, `import { createOrder } from '../payments/index.js';`),
  probe(`${M}/bills/service.ts`, `import { createOrder } from './../payments/index.js';`),
  probe(`${M}/bills/service.ts`, `import { recordPayment } from '../../modules/payments/index.js';`),
  probe(`${M}/bills/service.ts`, `import { AppError } from '../../lib/errors.js';`),
  probe(`${M}/bills/service.ts`, `import type { AppDeps } from '../../deps.js';`),
  probe(`${M}/bills/routes.ts`, `import { listBills } from './service.js';`),
  probe(`${M}/bills/reports/monthly.ts`, `import { listBills } from '../service.js';`),
  probe(`${S}/app.ts`, `import { roomsRoutes } from './modules/rooms/index.js';`),
  probe(`${S}/test/access-matrix.test.ts`, `import { createOrder } from '../modules/payments/index.js';`),
  probe(`${S}/app.ts`, `import Fastify from 'fastify';`),
  probe(`${F}/bills/components/Bills.tsx`, `import { billQueries } from '../api/queries';`),
  probe(`${F}/bills/components/Bills.tsx`, `import { Button } from '../../../components/Button';`),
  probe(`${F}/bills/components/Bills.tsx`, `import { api } from '../../../lib/api';`),
  probe('apps/web/src/routes/dashboard.tsx', `import { Bills } from '../features/bills/components/Bills';`),
  probe(`${F}/bills/components/Bills.tsx`, `// import { PayButton } from '../../payments/components/PayButton';`),
];

describe('check-imports', () => {
  it.each(serverProbes.map((p) => [p.path, p.source.split('\n')[1], p]))('catches %s: %s', (_path, _line, p) => {
    expect(caught(p)).toBe(true);
  });

  it.each(webProbes.map((p) => [p.path, p.source.split('\n')[1], p]))('catches %s: %s', (_path, _line, p) => {
    expect(caught(p)).toBe(true);
  });

  it.each(allowed.map((p) => [p.path, p.source.split('\n')[1], p]))('lets %s: %s through', (_path, _line, p) => {
    expect(checkFiles([p])).toEqual([]);
  });

  it('names the file, the line and the resolved path', () => {
    const [problem] = checkFiles([probe(`${M}/bills/service.ts`, `import { createOrder } from './../payments/service.js';`)]);
    expect(problem).toMatchObject({ file: `${M}/bills/service.ts`, line: 2, resolved: `${M}/payments/service.js` });
    expect(problem.message).toContain('ADR 009');
  });

  // The boundaries of ADR 047: core importing a module, and circles.
  it.each([
    [`${S}/plugins/metrics.ts`, `import { liveHubFor } from '../modules/live/index.js';`],
    [`${S}/lib/ledger.ts`, `import type { Bill } from '../modules/bills/index.js';`],
    [`${S}/db/index.ts`, `export { bills } from '../modules/bills/index.js';`],
    [`${S}/i18n/emails.ts`, `import { Layout } from '../modules/outbox/index.js';`],
    [`${S}/deps.ts`, `import type { LiveHub } from './modules/live/index.js';`],
  ])('catches core importing a module: %s: %s', (path, line) => {
    const problems = checkFiles([probe(path, line)]);
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/^core \(.+\) imports modules\/\w+: .*ADR 047/)]);
  });

  it('lets core test files compose modules, as test/ does', () => {
    expect(checkFiles([probe(`${S}/lib/access.test.ts`, `import { pauseProperty } from '../modules/properties/index.js';`)])).toEqual([]);
  });

  it('refuses a circle between two modules, each through the other front door', () => {
    const problems = checkFiles([
      probe(`${M}/leases/renewal.ts`, `import { vacateRoom } from '../tenancy/index.js';`),
      probe(`${M}/tenancy/service.ts`, `import type { Terms } from '../leases/index.js';`),
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: `${M}/leases/renewal.ts`, line: 2 });
    expect(problems[0].message).toContain('modules leases → tenancy → leases');
    expect(problems[0].message).toContain(`${M}/tenancy/service.ts:2`);
  });

  it('refuses a longer circle and names every arrow of it', () => {
    const [problem, ...rest] = checkFiles([
      probe(`${M}/payments/ledger.ts`, `import { holdPayoutIn } from '../payouts/index.js';`),
      probe(`${M}/payouts/service.ts`, `import { csvLine } from '../statistics/index.js';`),
      probe(`${M}/statistics/service.ts`, `import { tdsNotices } from '../payments/index.js';`),
      probe(`${M}/bills/service.ts`, `import { notify } from '../notifications/index.js';`),
    ]);
    expect(rest).toEqual([]);
    expect(problem.message).toContain('modules payments → payouts → statistics → payments');
  });

  it("leaves a module's tests out of its arrows (a test composes modules)", () => {
    expect(
      checkFiles([
        probe(`${M}/leases/renewal.ts`, `import { vacateRoom } from '../tenancy/index.js';`),
        probe(`${M}/tenancy/tenancy.test.ts`, `import { runRentCycle } from '../leases/index.js';`),
      ]),
    ).toEqual([]);
  });

  it('refuses a circle between files at run time, not one of types only', () => {
    const service = probe(`${M}/outbox/service.ts`, `import { queueRentReminders } from './reminders.js';`);
    const circle = checkFiles([service, probe(`${M}/outbox/reminders.ts`, `import { enqueue } from './service.js';`)]);
    expect(circle.map((p) => p.message)).toEqual([
      expect.stringContaining('modules/outbox/reminders.ts → modules/outbox/service.ts → modules/outbox/reminders.ts'),
    ]);
    const lazy = checkFiles([service, probe(`${M}/outbox/reminders.ts`, `const { deliverDue } = await import('./service.js');`)]);
    expect(lazy).toHaveLength(1);
    for (const typesOnly of [
      `import type { Enqueue } from './service.js';`,
      `import { type Enqueue } from './service.js';`,
      `export type { Enqueue } from './service.js';`,
    ]) {
      expect(checkFiles([service, probe(`${M}/outbox/reminders.ts`, typesOnly)])).toEqual([]);
    }
  });

  // Reads and parses every source file of the repository: seconds on a busy machine.
  it('finds nothing in the real tree', () => {
    expect(checkTree(root)).toEqual([]);
  }, 60_000);
});
