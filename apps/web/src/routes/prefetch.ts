/**
 * A dashboard's first data and code, asked for at once (ADR 044, "dashboards fast on a phone"). Without this a
 * dashboard page loaded as a chain: the session check, then the layout's chunk, then the page's chunk, then the
 * page's requests, each waiting for the one before. This starts the layout's and the page's chunks and the page's
 * first requests together, as soon as the dashboards' route table loads (main.tsx fetches it beside the app on a
 * dashboard address), when a saved user of that dashboard's role is signed in. The queries are the features' own
 * query options, so the page finds their answers in the cache under the same keys.
 */
import type { FetchQueryOptions } from '@tanstack/react-query';
import { tenantBillsQuery } from '../features/bills/api/bills';
import { whoAskedQuery } from '../features/dashboard/api/asked';
import { ownerCollectionQuery } from '../features/dashboard/api/collection';
import { ownerPropertiesQuery, tenantCurrentRoomsQuery, tenantRevealsQuery } from '../features/dashboard/api/firstRun';
import { notificationsQuery } from '../features/notifications/api/notifications';
import { payContextQuery } from '../features/payments/api/payments';
import { myRoomsQuery } from '../features/tenancy/api/tenancy';
import { queryClient } from '../lib/query';
import { readSavedUser } from '../lib/session';

// biome-ignore lint/suspicious/noExplicitAny: each entry is a feature's own typed query options
type Query = FetchQueryOptions<any, any, any, any>;
type Plan = { role: 'owner' | 'tenant'; code: () => Promise<unknown>; data: Query[] };

const layout = () => import('../components/DashboardLayout');

/** The pages measured by `npm run bench -- dashboards`: what each needs first. */
function planFor(pathname: string): Plan | null {
  const path = pathname.replace(/\/+$/, '');
  if (/^\/OwnerDashboard$/i.test(path))
    return {
      role: 'owner',
      code: () => import('../features/dashboard/components/OwnerHome'),
      data: [ownerPropertiesQuery, ownerCollectionQuery, whoAskedQuery],
    };
  if (/^\/OwnerDashboard\/Billings$/i.test(path))
    return { role: 'owner', code: () => import('../features/statistics/components/OwnerBillingsPage'), data: [] };
  if (/^\/TenantDashboard$/i.test(path))
    return {
      role: 'tenant',
      code: () => import('../features/dashboard/components/TenantHome'),
      data: [tenantCurrentRoomsQuery, tenantRevealsQuery],
    };
  if (/^\/TenantDashboard\/MyRooms$/i.test(path))
    return { role: 'tenant', code: () => import('../features/tenancy/components/MyRoomsPage'), data: [myRoomsQuery] };
  if (/^\/TenantDashboard\/Billings$/i.test(path))
    return { role: 'tenant', code: () => import('../features/bills/components/TenantBills'), data: [tenantBillsQuery] };
  const pay = /^\/TenantDashboard\/PayBill\/([^/]+)$/i.exec(path);
  if (pay?.[1])
    return {
      role: 'tenant',
      code: () => import('../features/payments/components/PayBillPage'),
      data: [payContextQuery(decodeURIComponent(pay[1]))],
    };
  return null;
}

/** Starts the chunks and requests of the page at `pathname`; nothing for a visitor or another role's page. */
export function prefetchDashboard(pathname: string): void {
  const plan = planFor(pathname);
  if (!plan || readSavedUser()?.role !== plan.role) return;
  void layout().catch(() => {});
  void plan.code().catch(() => {});
  for (const q of [...plan.data, notificationsQuery]) void queryClient.prefetchQuery(q);
}
