import type { Room } from '@kiraya/contract';
import { useId } from 'react';
import { fieldLabelClass, SelectField, TextAreaField, TextField, useFieldErrorText } from '../../../components/FormField';

export type RoomValues = {
  roomNumber: string;
  roomType: string;
  tenantType: string;
  floor: string;
  maxOccupancy: string;
  isFurnitured: string;
  hasAttachedBath: string;
  description: string;
  rentAmount: string;
};

export const EMPTY_ROOM: RoomValues = {
  roomNumber: '',
  roomType: '',
  tenantType: '',
  floor: '',
  maxOccupancy: '',
  isFurnitured: '',
  hasAttachedBath: '',
  description: '',
  rentAmount: '',
};

export const roomValuesOf = (r: Room): RoomValues => ({
  roomNumber: r.roomNumber,
  roomType: r.roomType,
  tenantType: r.tenantType,
  floor: String(r.floor),
  maxOccupancy: String(r.maxOccupancy),
  isFurnitured: String(r.isFurnitured),
  hasAttachedBath: String(r.hasAttachedBath),
  description: r.description,
  rentAmount: String(r.rentAmount),
});

export const ROOM_STEP_TITLES = [
  'Basic',
  'Other Details',
  'Allowed Members',
  'Furniture and Bath',
  'Description and Rent',
  'Room Images',
] as const;

type Props = {
  step: 1 | 2 | 3 | 4 | 5;
  values: RoomValues;
  onChange: (patch: Partial<RoomValues>) => void;
  errors?: Record<string, string>;
  autoFocus?: boolean;
};

const digits = (s: string, allowMinus = false) => (allowMinus ? s.replace(/(?!^-)[^\d]/g, '') : s.replace(/\D/g, ''));

/** The fields of one step of the room wizard (also used all together by Edit room). */
export function RoomStepFields({ step, values, onChange, errors = {}, autoFocus = false }: Props) {
  const set = (k: keyof RoomValues) => (e: { target: { value: string } }) => onChange({ [k]: e.target.value });
  switch (step) {
    case 1:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Room Number"
            required
            value={values.roomNumber}
            onChange={set('roomNumber')}
            error={errors.roomNumber}
            maxLength={20}
            autoFocus={autoFocus}
          />
          <TextField
            label="Room Type"
            required
            value={values.roomType}
            onChange={set('roomType')}
            error={errors.roomType}
            maxLength={40}
            placeholder="e.g. 1bhk"
          />
        </div>
      );
    case 2:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Tenant Type"
            required
            value={values.tenantType}
            onChange={set('tenantType')}
            error={errors.tenantType}
            autoFocus={autoFocus}
          >
            <option value="">Select tenant type</option>
            <option value="Family">Family</option>
            <option value="Bachelor">Bachelor</option>
            <option value="Both">All</option>
          </SelectField>
          <TextField
            label="Floor"
            required
            inputMode="numeric"
            value={values.floor}
            onChange={(e) => onChange({ floor: digits(e.target.value, true) })}
            error={errors.floor}
            hint="0 for the ground floor"
          />
        </div>
      );
    case 3:
      return (
        <TextField
          label="Allowed Members"
          required
          inputMode="numeric"
          value={values.maxOccupancy}
          onChange={(e) => onChange({ maxOccupancy: digits(e.target.value) })}
          error={errors.maxOccupancy}
          hint="The most people who may live in the room"
          autoFocus={autoFocus}
        />
      );
    case 4:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <RadioPair
            legend="Furniture Status"
            value={values.isFurnitured}
            onChange={(v) => onChange({ isFurnitured: v })}
            yes="Furnished"
            no="Unfurnished"
            error={errors.isFurnitured}
          />
          <RadioPair
            legend="Bath"
            value={values.hasAttachedBath}
            onChange={(v) => onChange({ hasAttachedBath: v })}
            yes="Attached"
            no="Not Attached"
            error={errors.hasAttachedBath}
          />
        </div>
      );
    case 5:
      return (
        <div className="space-y-4">
          <TextAreaField
            label="Description"
            required
            value={values.description}
            onChange={set('description')}
            error={errors.description}
            maxLength={2000}
            autoFocus={autoFocus}
          />
          <TextField
            label="Rent Amount / Month"
            required
            inputMode="decimal"
            value={values.rentAmount}
            onChange={(e) => onChange({ rentAmount: e.target.value.replace(/[^\d.]/g, '') })}
            error={errors.rentAmount}
            hint="In rupees"
          />
        </div>
      );
  }
}

function RadioPair({
  legend,
  value,
  onChange,
  yes,
  no,
  error,
}: {
  legend: string;
  value: string;
  onChange: (v: string) => void;
  yes: string;
  no: string;
  error?: string;
}) {
  const name = useId();
  const text = useFieldErrorText(error);
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className={fieldLabelClass}>
        {legend}
        <span aria-hidden="true" className="text-red-700">
          {' '}
          *
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {[
          { v: 'true', label: yes },
          { v: 'false', label: no },
        ].map((o) => (
          <label
            key={o.v}
            className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-700 ${
              value === o.v ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-800'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={o.v}
              checked={value === o.v}
              onChange={() => onChange(o.v)}
              className="accent-brand-700"
            />
            {o.label}
          </label>
        ))}
      </div>
      {text ? <p className="mt-1 text-sm text-red-700">{text}</p> : null}
    </fieldset>
  );
}

/** The room's text fields as multipart entries. */
export function appendRoomFields(form: FormData, values: RoomValues): void {
  for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
}
