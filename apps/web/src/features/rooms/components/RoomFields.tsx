import type { Room } from '@kiraya/contract';
import { useId } from 'react';
import { type Control, type UseFormRegisterReturn, type UseFormReturn, useWatch } from 'react-hook-form';
import { fieldLabelClass, SelectField, TextAreaField, TextField, useFieldErrorText } from '../../../components/FormField';
import { filtered } from '../../../components/form';
import { useMsg } from '../../../lib/useMsg';
import { useRoomsT } from '../i18n';

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

/** The wizard's steps in order; each one's title is `step.<id>` in the rooms catalogue. */
export const ROOM_STEPS = ['basic', 'other', 'members', 'furniture', 'descriptionRent', 'images'] as const;

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
  const t = useRoomsT();
  const msg = useMsg();
  const {
    register,
    control,
    formState: { errors: raw },
  } = form;
  // Field messages in the page's language (the contract's schemas say them in English).
  const errors = Object.fromEntries(
    Object.entries(raw).map(([k, e]) => [k, { message: e?.message ? msg(e.message) : undefined }]),
  ) as Partial<Record<keyof RoomValues, { message?: string }>>;
  switch (step) {
    case 1:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('field.roomNumber')}
            required
            error={errors.roomNumber?.message}
            maxLength={20}
            autoFocus={autoFocus}
            {...register('roomNumber')}
          />
          <TextField
            label={t('field.roomType')}
            required
            error={errors.roomType?.message}
            maxLength={40}
            placeholder={t('field.roomType.placeholder')}
            {...register('roomType')}
          />
        </div>
      );
    case 2:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('field.tenantType')}
            required
            error={errors.tenantType?.message}
            autoFocus={autoFocus}
            {...register('tenantType')}
          >
            <option value="">{t('field.tenantType.choose')}</option>
            <option value="Family">{t('tenantType.Family')}</option>
            <option value="Bachelor">{t('tenantType.Bachelor')}</option>
            <option value="Both">{t('field.tenantType.all')}</option>
          </SelectField>
          <TextField
            label={t('field.floor')}
            required
            inputMode="numeric"
            error={errors.floor?.message}
            hint={t('field.floor.hint')}
            {...filtered(register('floor'), (v) => digits(v, true))}
          />
        </div>
      );
    case 3:
      return (
        <TextField
          label={t('field.maxOccupancy')}
          required
          inputMode="numeric"
          error={errors.maxOccupancy?.message}
          hint={t('field.maxOccupancy.hint')}
          autoFocus={autoFocus}
          {...filtered(register('maxOccupancy'), (v) => digits(v))}
        />
      );
    case 4:
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <RadioPair
            legend={t('field.furniture')}
            control={control}
            registration={register('isFurnitured')}
            yes={t('field.furniture.yes')}
            no={t('field.furniture.no')}
            error={errors.isFurnitured?.message}
          />
          <RadioPair
            legend={t('field.bath')}
            control={control}
            registration={register('hasAttachedBath')}
            yes={t('field.bath.yes')}
            no={t('field.bath.no')}
            error={errors.hasAttachedBath?.message}
          />
        </div>
      );
    case 5:
      return (
        <div className="space-y-4">
          <TextAreaField
            label={t('field.description')}
            required
            rows={4}
            error={errors.description?.message}
            maxLength={2000}
            autoFocus={autoFocus}
            {...register('description')}
          />
          <TextField
            label={t('field.rent')}
            required
            inputMode="decimal"
            error={errors.rentAmount?.message}
            hint={t('field.rent.hint')}
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
  const text = useFieldErrorText(error, legend);
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
