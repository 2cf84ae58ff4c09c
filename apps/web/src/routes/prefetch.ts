/**
 * A dashboard's first data and code, asked for at once (ADR 044, "dashboards fast on a phone"). Without this a
 * dashboard page loaded as a chain: the session check, then the layout's chunk, then the page's chunk, then the
 * page's requests, each waiting for the one before. This starts the layout's and the page's chunks and the page's
 * first requests together, as soon as the dashboards' route table loads (main.tsx fetches it beside the app on a
 * dashboard address), when a saved user of that dashboard's role is signed in. The queries are the features' own
 * query options, so the page finds their answers in the cache under the same keys.
 */
import type { FetchQueryOptions } from '@tanstack/react-query';
import { queryClient } from '../lib/query';
import { readSavedUser } from '../lib/session';

// biome-ignore lint/suspicious/noExplicitAny: each entry is a feature's own typed query options
type Query = FetchQueryOptions<any, any, any, any>;
/**
 * The page's code, and its first queries. Each feature's `api/` module is imported here when its page is opened, not
 * with the route table: it is the module the page itself loads, so nothing is fetched that the page would not fetch.
 */
type Plan = { role: 'owner' | 'tenant'; code: () => Promise<unknown>; data: () => Promise<Query[]> };

const layout = () => import('../components/DashboardLayout');
const firstRun = () => import('../features/dashboard/api/firstRun');

/** The pages measured by `npm run bench -- dashboards`: what each needs first. */
function planFor(pathname: string): Plan | null {
  const path = pathname.replace(/\/+$/, '');
  if (/^\/OwnerDashboard$/i.test(path))
    return {
      role: 'owner',
      code: () => import('../features/dashboard/components/OwnerHome'),
      data: () =>
        Promise.all([firstRun(), import('../features/dashboard/api/collection'), import('../features/dashboard/api/asked')]).then(
          ([f, c, a]) => [f.ownerPropertiesQuery, c.ownerCollectionQuery, a.whoAskedQuery],
        ),
    };
  if (/^\/OwnerDashboard\/Billings$/i.test(path))
    return { role: 'owner', code: () => import('../features/statistics/components/OwnerBillingsPage'), data: async () => [] };
  if (/^\/TenantDashboard$/i.test(path))
    return {
      role: 'tenant',
      code: () => import('../features/dashboard/components/TenantHome'),
      data: () => firstRun().then((f) => [f.tenantCurrentRoomsQuery, f.tenantRevealsQuery]),
    };
  if (/^\/TenantDashboard\/MyRooms$/i.test(path))
    return {
      role: 'tenant',
      code: () => import('../features/tenancy/components/MyRoomsPage'),
      data: () => import('../features/tenancy/api/tenancy').then((m) => [m.myRoomsQuery]),
    };
  if (/^\/TenantDashboard\/Billings$/i.test(path))
    return {
      role: 'tenant',
      code: () => import('../features/bills/components/TenantBills'),
      data: () => import('../features/bills/api/bills').then((m) => [m.tenantBillsQuery]),
    };
  const pay = /^\/TenantDashboard\/PayBill\/([^/]+)$/i.exec(path);
  const billId = pay?.[1];
  if (billId)
    return {
      role: 'tenant',
      code: () => import('../features/payments/components/PayBillPage'),
      data: () => import('../features/payments/api/payments').then((m) => [m.payContextQuery(decodeURIComponent(billId))]),
    };
  return null;
}

/** Starts the chunks and requests of the page at `pathname`; nothing for a visitor or another role's page. */
export function prefetchDashboard(pathname: string): void {
  const plan = planFor(pathname);
  if (!plan || readSavedUser()?.role !== plan.role) return;
  void layout().catch(() => {});
  void plan.code().catch(() => {});
  const notifications = import('../features/notifications/api/notifications').then((m) => [m.notificationsQuery as Query]);
  void Promise.all([plan.data(), notifications])
    .then((lists) => {
      for (const q of lists.flat()) void queryClient.prefetchQuery(q);
    })
    .catch(() => {});
}
