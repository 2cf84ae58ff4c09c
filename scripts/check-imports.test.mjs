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

  it('finds nothing in the real tree', () => {
    expect(checkTree(root)).toEqual([]);
  });
});
