import { useSearchParams } from 'react-router-dom';
import type { BillingsFilters } from '../api/statistics';

/**
 * The billings filters and page, kept in the URL query string. Choosing a property drops the room; any change
 * but the page itself goes back to page 1.
 */
export function useBillingsFilters() {
  const [params, setParams] = useSearchParams();
  const filters: BillingsFilters = {
    propertyId: params.get('propertyId') || undefined,
    roomId: params.get('roomId') || undefined,
    status: params.get('status') || undefined,
    month: params.get('month') || undefined,
  };
  const page = Number(params.get('page')) || 1;
  const set = (k: keyof BillingsFilters, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k === 'propertyId') next.delete('roomId');
    if (k !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const filtered = Object.values(filters).some(Boolean);
  return { filters, page, set, clear, filtered };
}

export type SetBillingsFilter = ReturnType<typeof useBillingsFilters>['set'];
