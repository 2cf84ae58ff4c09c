import { BILL_STATUS_FILTERS, type OwnerBillings } from '@kiraya/contract/statistics';
import { type ChangeEvent, useId } from 'react';
import { useForm } from 'react-hook-form';
import { compactFieldClass, fieldLabelClass, secondaryButton } from '../../../components/FormField';
import type { BillingsFilters } from '../api/statistics';
import { STATUS_LABEL } from './BillsTable';
import type { SetBillingsFilter } from './useBillingsFilters';

type FilterFields = Required<Record<Exclude<keyof BillingsFilters, 'page'>, string>>;

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
  // The form holds what the URL says (the URL stays the source of truth, ADR 008): a change is written back to
  // the search params, and the new params come back in as the form's values.
  const form = useForm<FilterFields>({
    values: {
      propertyId: filters.propertyId ?? '',
      roomId: filters.roomId ?? '',
      status: filters.status ?? '',
      month: filters.month ?? '',
    },
  });
  const filter = (k: keyof FilterFields) => {
    const reg = form.register(k);
    return {
      ...reg,
      onChange: async (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        await reg.onChange(e);
        set(k, e.target.value);
      },
    };
  };
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
        <select id={ids.property} className={compactFieldClass} {...filter('propertyId')}>
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
        <select id={ids.room} className={compactFieldClass} {...filter('roomId')}>
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
        <select id={ids.status} className={compactFieldClass} {...filter('status')}>
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
        <input id={ids.month} type="month" className={compactFieldClass} {...filter('month')} />
      </div>
      {filtered ? (
        <button type="button" className={`${secondaryButton} col-span-2 md:col-span-4 md:justify-self-start`} onClick={clear}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
