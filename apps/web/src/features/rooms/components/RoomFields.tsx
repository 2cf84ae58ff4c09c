import type { Room } from '@kiraya/contract';
import { useId } from 'react';
import { type Control, type UseFormRegisterReturn, type UseFormReturn, useWatch } from 'react-hook-form';
import { fieldLabelClass, SelectField, TextAreaField, TextField, useFieldErrorText } from '../../../components/FormField';
import { filtered } from '../../../components/form';

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

/** The multipart field names of a room's text fields (where server field errors may land). */
export const ROOM_FIELDS = Object.keys(EMPTY_ROOM) as (keyof RoomValues)[];

type Props = {
  step: 1 | 2 | 3 | 4 | 5;
  form: UseFormReturn<RoomValues>;
  autoFocus?: boolean;
};

const digits = (s: string, allowMinus = false) => (allowMinus ? s.replace(/(?!^-)[^\d]/g, '') : s.replace(/\D/g, ''));

/** The fields of one step of the room wizard (also used all together by Edit room), bound to a room form. */
export function RoomStepFields({ step, form, autoFocus = false }: Props) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  switch (step) {
    case 1:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Room Number"
            required
            error={errors.roomNumber?.message}
            maxLength={20}
            autoFocus={autoFocus}
            {...register('roomNumber')}
          />
          <TextField
            label="Room Type"
            required
            error={errors.roomType?.message}
            maxLength={40}
            placeholder="e.g. 1bhk"
            {...register('roomType')}
          />
        </div>
      );
    case 2:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tenant Type" required error={errors.tenantType?.message} autoFocus={autoFocus} {...register('tenantType')}>
            <option value="">Select tenant type</option>
            <option value="Family">Family</option>
            <option value="Bachelor">Bachelor</option>
            <option value="Both">All</option>
          </SelectField>
          <TextField
            label="Floor"
            required
            inputMode="numeric"
            error={errors.floor?.message}
            hint="0 for the ground floor"
            {...filtered(register('floor'), (v) => digits(v, true))}
          />
        </div>
      );
    case 3:
      return (
        <TextField
          label="Allowed Members"
          required
          inputMode="numeric"
          error={errors.maxOccupancy?.message}
          hint="The most people who may live in the room"
          autoFocus={autoFocus}
          {...filtered(register('maxOccupancy'), (v) => digits(v))}
        />
      );
    case 4:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <RadioPair
            legend="Furniture Status"
            control={control}
            registration={register('isFurnitured')}
            yes="Furnished"
            no="Unfurnished"
            error={errors.isFurnitured?.message}
          />
          <RadioPair
            legend="Bath"
            control={control}
            registration={register('hasAttachedBath')}
            yes="Attached"
            no="Not Attached"
            error={errors.hasAttachedBath?.message}
          />
        </div>
      );
    case 5:
      return (
        <div className="space-y-4">
          <TextAreaField
            label="Description"
            required
            rows={4}
            error={errors.description?.message}
            maxLength={2000}
            autoFocus={autoFocus}
            {...register('description')}
          />
          <TextField
            label="Rent Amount / Month"
            required
            inputMode="decimal"
            error={errors.rentAmount?.message}
            hint="In rupees"
            {...filtered(register('rentAmount'), (v) => v.replace(/[^\d.]/g, ''))}
          />
        </div>
      );
  }
}

function RadioPair({
  legend,
  control,
  registration,
  yes,
  no,
  error,
}: {
  legend: string;
  control: Control<RoomValues>;
  registration: UseFormRegisterReturn<'isFurnitured' | 'hasAttachedBath'>;
  yes: string;
  no: string;
  error?: string;
}) {
  const value = useWatch({ control, name: registration.name });
  const text = useFieldErrorText(error);
  const errorId = useId();
  return (
    <fieldset aria-invalid={error ? true : undefined} aria-describedby={text ? errorId : undefined}>
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
            <input type="radio" value={o.v} className="accent-brand-700" {...registration} />
            {o.label}
          </label>
        ))}
      </div>
      {text ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {text}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The room's text fields as multipart entries. */
export function appendRoomFields(form: FormData, values: RoomValues): void {
  for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
}
