/**
 * Which bill the Pay button of a tenant's room opens (issue 22): the Pay screen takes one of the room's owed
 * bills and offers the room's whole balance. Read from GET /bills/tenant under the bills feature's own query
 * key (the same answer, so both share one cache and a payment refreshes both).
 */
import { isOlderBill } from '@kiraya/contract/bills';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo } from '@kiraya/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './queryKeys';

type TenantBillGroups = ResponseData<'tenantBills'>;

/** Room id → the oldest owed bill's id (the contract's "oldest": by bill date, as a payment settles them), for each room that owes something. */
export function oldestOwedBills(groups: TenantBillGroups): Map<string, string> {
  const best = new Map<string, { id: string; billDate: string }>();
  for (const g of groups)
    for (const b of g.bills) {
      if (b.status === 'paid') continue;
      const seen = best.get(b.roomId);
      if (!seen || isOlderBill(g, seen)) best.set(b.roomId, { id: b._id, billDate: g.billDate });
    }
  return new Map([...best].map(([room, v]) => [room, v.id]));
}

export function useOwedBillByRoom(enabled = true) {
  return useQuery({
    queryKey: queryKeys.bills.tenant,
    enabled,
    // As the bills feature's useTenantBills: a failed fetch reads as no bills.
    queryFn: async ({ signal }): Promise<TenantBillGroups> => {
      try {
        return await api<TenantBillGroups>(pathTo('tenantBills'), { signal });
      } catch {
        return [];
      }
    },
    select: oldestOwedBills,
  });
}
