/** Statistics and billings (B6): the owner's and tenant's figures, the owner's billings, the CSV export link. */
import { API_BASE } from '@kiraya/contract/constants';
import type { ResponseData } from '@kiraya/contract/endpoints';
import { pathTo, STATISTICS_EXPORT_PATH } from '@kiraya/contract/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type BillingsFilters = { propertyId?: string; roomId?: string; status?: string; month?: string; page?: string };

export const fetchOwnerStatistics = (signal?: AbortSignal) => api<ResponseData<'ownerStatistics'>>(pathTo('ownerStatistics'), { signal });
export const fetchTenantStatistics = (signal?: AbortSignal) =>
  api<ResponseData<'tenantStatistics'>>(pathTo('tenantStatistics'), { signal });
export const fetchOwnerBillings = (f: BillingsFilters, signal?: AbortSignal) =>
  api<ResponseData<'ownerBillings'>>(pathTo('ownerBillings'), { query: f, signal });

export const useOwnerStatistics = () =>
  useQuery({ queryKey: queryKeys.statistics.owner, queryFn: ({ signal }) => fetchOwnerStatistics(signal) });
export const useTenantStatistics = () =>
  useQuery({ queryKey: queryKeys.statistics.tenant, queryFn: ({ signal }) => fetchTenantStatistics(signal) });
export const useOwnerBillings = (f: BillingsFilters) =>
  useQuery({
    queryKey: queryKeys.statistics.ownerBillings(f),
    queryFn: ({ signal }) => fetchOwnerBillings(f, signal),
    placeholderData: keepPreviousData,
  });

/** The same-origin CSV link (the session cookie goes with it; the server answers an attachment). */
export function exportUrl(kind: 'bills' | 'payments', f: BillingsFilters): string {
  const q = new URLSearchParams({ kind });
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  return `${API_BASE}${STATISTICS_EXPORT_PATH}?${q.toString()}`;
}
