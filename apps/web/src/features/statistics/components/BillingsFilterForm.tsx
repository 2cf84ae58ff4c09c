import { BILL_STATUS_FILTERS, type OwnerBillings } from '@kiraya/contract/statistics';
import { useId } from 'react';
import { compactFieldClass, fieldLabelClass, secondaryButton } from '../../../components/FormField';
import type { BillingsFilters } from '../api/statistics';
import { STATUS_LABEL } from './BillsTable';
import type { SetBillingsFilter } from './useBillingsFilters';

/** The billings filters: property, room (of the chosen property), status and bill month, and Clear filters. */
export function BillingsFilterForm({
  filters,
  properties,
  filtered,
  set,
  clear,
}: {
  filters: BillingsFilters;
  properties: OwnerBillings['properties'];
  filtered: boolean;
  set: SetBillingsFilter;
  clear: () => void;
}) {
  const ids = { property: useId(), room: useId(), status: useId(), month: useId() };
  const rooms = properties
    .filter((p) => !filters.propertyId || p._id === filters.propertyId)
    .flatMap((p) => p.rooms.map((r) => ({ ...r, title: p.title })));
  return (
    <form
      className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <div>
        <label htmlFor={ids.property} className={fieldLabelClass}>
          Property
        </label>
        <select
          id={ids.property}
          className={compactFieldClass}
          value={filters.propertyId ?? ''}
          onChange={(e) => set('propertyId', e.target.value)}
        >
          <option value="">All properties</option>
          {properties.map((p) => (
            <option key={p._id} value={p._id}>
              {p.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.room} className={fieldLabelClass}>
          Room
        </label>
        <select id={ids.room} className={compactFieldClass} value={filters.roomId ?? ''} onChange={(e) => set('roomId', e.target.value)}>
          <option value="">All rooms</option>
          {rooms.map((r) => (
            <option key={r._id} value={r._id}>
              {filters.propertyId ? `Room ${r.roomNumber}` : `${r.title} · ${r.roomNumber}`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.status} className={fieldLabelClass}>
          Status
        </label>
        <select id={ids.status} className={compactFieldClass} value={filters.status ?? ''} onChange={(e) => set('status', e.target.value)}>
          <option value="">Any status</option>
          {BILL_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.month} className={fieldLabelClass}>
          Bill month
        </label>
        <input
          id={ids.month}
          type="month"
          className={compactFieldClass}
          value={filters.month ?? ''}
          onChange={(e) => set('month', e.target.value)}
        />
      </div>
      {filtered ? (
        <button type="button" className={`${secondaryButton} col-span-2 md:col-span-4 md:justify-self-start`} onClick={clear}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
