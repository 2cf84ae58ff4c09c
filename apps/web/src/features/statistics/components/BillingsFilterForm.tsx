import { BILL_STATUS_FILTERS, type OwnerBillings } from '@kiraya/contract/statistics';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { CompactFieldsContext, Options, SelectField, secondaryButton, TextField } from '../../../components/FormField';
import type { BillingsFilters } from '../api/statistics';
import { useStatsT } from '../i18n';
import { statusText } from './labels';
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
  const t = useStatsT();
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
      <CompactFieldsContext.Provider value>
        <SelectField label={t('filters.property')} {...filter('propertyId')}>
          <Options items={properties} empty={t('filters.property.all')} value={(p) => p._id} label={(p) => p.title} />
        </SelectField>
        <SelectField label={t('filters.room')} {...filter('roomId')}>
          <Options
            items={rooms}
            empty={t('filters.room.all')}
            value={(r) => r._id}
            label={(r) =>
              filters.propertyId ? t('room', { room: r.roomNumber }) : t('filters.room.option', { property: r.title, room: r.roomNumber })
            }
          />
        </SelectField>
        <SelectField label={t('filters.status')} {...filter('status')}>
          <Options items={BILL_STATUS_FILTERS} empty={t('filters.status.any')} label={(s) => statusText(t, s)} />
        </SelectField>
        <TextField label={t('filters.month')} type="month" {...filter('month')} />
      </CompactFieldsContext.Provider>
      {filtered ? (
        <button type="button" className={`${secondaryButton} col-span-2 md:col-span-4 md:justify-self-start`} onClick={clear}>
          {t('filters.clear')}
        </button>
      ) : null}
    </form>
  );
}
