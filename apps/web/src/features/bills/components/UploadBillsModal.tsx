import { Plus, Trash2, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { primaryButton, SelectField, secondaryButton, TextField, Options } from '../../../components/FormField';
import { DateField } from '../../../components/DateInput';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { Modal } from '../../../components/Modal';
import { ApiError, errorMessage } from '../../../lib/api';
import { formatLongDate } from '../../../lib/format';
import { type AppLocale, useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { z } from 'zod';
import {
  addBillBodySchema,
  addDays,
  BILL_TYPES,
  type Bill,
  type BillGroup,
  type BillItemInput,
  DEFAULT_DUE_DAYS,
  formatPaise,
  isMeterBillType,
  monthInWords,
  rentPeriodOf,
  rupeesToPaise,
  meterAmount,
  unitsConsumed,
} from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { uploadMeterPhoto, useAddBills, useEditBill, useLastReadings, useRoomBills } from '../api/bills';
import { useBillsT, useBillTypeLabel } from '../i18n';

type Photo = { _id: string; url: string } | null;
/** A bill block as the form holds it; paths match the API's (bills.{i}.meterReading.current) so its field errors land. */
export type BillRow = {
  billType: string;
  amount: string;
  meterReading: { current: string; previous: string; ratePerUnit: string };
  photos: { current: Photo; previous: Photo };
};
export type BillsForm = { billDate: string; dueDate: string; bills: BillRow[] };

const emptyReading = () => ({ current: '', previous: '', ratePerUnit: '' });
const emptyRow = (billType = 'Rent Bill', amount = ''): BillRow => ({
  billType,
  amount,
  meterReading: emptyReading(),
  photos: { current: null, previous: null },
});
/** A stored photo's file id: its url ends in /bills/meter-photo/{id}. */
const photoOf = (p: { url: string } | null | undefined): Photo =>
  p?.url ? { _id: decodeURIComponent(p.url.split('/').pop() ?? ''), url: p.url } : null;

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const rowOf = (b: Bill): BillRow => ({
  billType: b.billType,
  amount: b.amount.toFixed(2),
  meterReading: b.meterReading
    ? {
        current: String(b.meterReading.current),
        previous: String(b.meterReading.previous),
        ratePerUnit: String(b.meterReading.ratePerUnit),
      }
    : emptyReading(),
  photos: { current: photoOf(b.meterPhotos.current), previous: photoOf(b.meterPhotos.previous) },
});

/** The body's bill from a row: meter types send readings, rate and photo ids (the server computes units and amount). */
export function toBillInput(r: BillRow): BillItemInput {
  const billType = r.billType as BillItemInput['billType'];
  if (!isMeterBillType(r.billType)) return { billType, amount: r.amount.trim() };
  return {
    billType,
    meterReading: { ...r.meterReading },
    meterPhotos: { current: r.photos.current?._id ?? null, previous: r.photos.previous?._id ?? null },
  };
}

/** A Rent Bill the room's tenant already has, by its rent period (the bill date's month). */
export type RentOnFile = { billDate: string; amount: number; billId: string };

/** The Rent Bill of the current tenant for the month of `billDate`, if there is one (issue 19). */
export function rentOnFile(groups: readonly BillGroup[] | undefined, tenantId: string | null, billDate: string, except?: string) {
  if (!groups || !tenantId || !billDate) return null;
  const period = rentPeriodOf(billDate);
  for (const g of groups)
    for (const b of g.bills)
      if (b.billType === 'Rent Bill' && b.tenantId === tenantId && b._id !== except && rentPeriodOf(g.billDate.slice(0, 10)) === period)
        return { billDate: g.billDate.slice(0, 10), amount: b.amount, billId: b._id };
  return null;
}

/** The contract's text (English, shown through `useMsg`) with the month and day written in the page's language. */
const rentExistsMessage = (billDate: string, on: RentOnFile, locale: AppLocale) =>
  MSG.rentBillExists(
    monthInWords(billDate, locale),
    formatLongDate(on.billDate.slice(0, 10), locale),
    formatPaise(rupeesToPaise(on.amount)),
  );

/**
 * The form's schema: the contract's add-bill schema over the body the form sends (ADR 008), so a bad bill gets the
 * message the server would give, on the same path (bills.{i}.amount). An edit is checked the same way (B5).
 */
export const billsFormSchema = (room: { _id: string; propertyId: string }) =>
  z.preprocess((v) => {
    const f = v as BillsForm;
    return { propertyId: room.propertyId, roomId: room._id, billDate: f.billDate, dueDate: f.dueDate, bills: f.bills.map(toBillInput) };
  }, addBillBodySchema);

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  room: { _id: string; propertyId: string; rentAmount: number; tenantId: string | null };
  /** Edit mode: one unpaid bill of a group (B5). */
  editing?: { bill: Bill; group: BillGroup } | null;
};

/** The Upload Bills modal (spec 2, 4): bill date, due date, bill blocks; also edits one unpaid bill (B5). */
export function UploadBillsModal({ open, onOpenChange, room, editing = null }: Props) {
  const t = useBillsT();
  const msg = useMsg();
  const locale = useLocale();
  const last = useLastReadings(room._id, open && !editing);
  const add = useAddBills();
  const edit = useEditBill();
  const busy = add.isPending || edit.isPending;
  // A message the API gave without a field of this form (a 409, the network); field errors show through `problem` below.
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const roomBills = useRoomBills(room.propertyId, room._id);
  const start = today();
  const form = useForm<BillsForm>({
    resolver: contractResolver<BillsForm>(billsFormSchema(room)),
    // Errors are checked on Upload and go as their field changes (below); they do not come back while typing.
    reValidateMode: 'onSubmit',
    defaultValues: editing
      ? { billDate: editing.group.billDate.slice(0, 10), dueDate: (editing.group.dueDate ?? '').slice(0, 10), bills: [rowOf(editing.bill)] }
      : { billDate: start, dueDate: addDays(start, DEFAULT_DUE_DAYS) ?? '', bills: [emptyRow('Rent Bill', room.rentAmount.toFixed(2))] },
  });
  const { control, register, setValue, getValues, handleSubmit, setError, clearErrors, formState } = form;
  const rows = useFieldArray({ control, name: 'bills' });
  const [dueTouched, setDueTouched] = useState(Boolean(editing));
  const billDate = useWatch({ control, name: 'billDate' });
  const billRows = useWatch({ control, name: 'bills' });
  const hasRent = (billRows ?? []).some((r) => r?.billType === 'Rent Bill');
  const existingRent = rentOnFile(roomBills.data, room.tenantId, billDate, editing?.bill._id);
  const rentWarning = hasRent && existingRent && billDate ? msg(rentExistsMessage(billDate, existingRent, locale)) : null;

  // The last readings may arrive after a meter type was chosen (a slow phone network, the service worker in
  // between): an empty "previous" of such a row is filled then too.
  const lastKey = JSON.stringify(last);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `last` is rebuilt each render; its content is the signal
  useEffect(() => {
    getValues('bills').forEach((r, i) => {
      const prev = last[r.billType];
      if (isMeterBillType(r.billType) && prev !== undefined && r.meterReading?.previous === '')
        setValue(`bills.${i}.meterReading.previous`, String(prev));
    });
  }, [lastKey, getValues, setValue]);

  // A field's error goes as soon as the field is changed (issue 19: a fixed bill date kept "Please select a bill
  // date"); a message without a field goes with any change.
  useEffect(() => {
    const sub = form.watch((_v, { name, type }) => {
      // Only what the owner changed: a field registering (the date input's ref) must not clear or loop.
      if (!name || type !== 'change') return;
      setServerProblem(null);
      const parts = name.split('.');
      // A row's type change also clears the row's amount and reading errors (they belonged to the old type).
      const rowType = parts.length === 3 && parts[2] === 'billType';
      // A reading's change also clears what the schema said of the readings as a whole (bills.{i}.meterReading).
      const reading = parts.length === 4 && parts[2] === 'meterReading';
      form.clearErrors((rowType ? `bills.${parts[1]}` : reading ? `bills.${parts[1]}.meterReading` : name) as FieldPath<BillsForm>);
      if (name === 'billDate') for (let i = 0; i < form.getValues('bills').length; i++) form.clearErrors(`bills.${i}.billType`);
    });
    return () => sub.unsubscribe();
  }, [form]);

  const errorOf = (path: string): string | undefined => {
    const message = (
      path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], formState.errors) as
        | { message?: string }
        | undefined
    )?.message;
    return message ? msg(message) : undefined;
  };

  const firstError = (o: unknown): string | undefined => {
    if (!o || typeof o !== 'object') return undefined;
    const m = (o as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
    for (const [k, v] of Object.entries(o))
      if (k !== 'ref') {
        const found = firstError(v);
        if (found) return found;
      }
    return undefined;
  };
  const firstProblem = serverProblem ?? firstError(formState.errors) ?? null;
  const problem = firstProblem ? msg(firstProblem) : null;

  const submit = handleSubmit(async (v) => {
    clearErrors();
    setServerProblem(null);
    // The month's Rent Bill the room has (issue 19): the server's 409, said before sending.
    const rentRow = v.bills.findIndex((r) => r.billType === 'Rent Bill');
    if (v.billDate && existingRent && rentRow >= 0) {
      setError(`bills.${rentRow}.billType`, { type: 'check', message: rentExistsMessage(v.billDate, existingRent, locale) });
      return;
    }
    try {
      if (editing) {
        const bill = v.bills[0];
        if (!bill) return;
        await edit.mutateAsync({ billId: editing.bill._id, bill: toBillInput(bill) });
        toast.success(msg(MSG.billUpdated));
      } else {
        await add.mutateAsync({
          propertyId: room.propertyId,
          roomId: room._id,
          tenantId: room.tenantId ?? '',
          billDate: v.billDate,
          dueDate: v.dueDate,
          bills: v.bills.map(toBillInput),
        });
        toast.success(msg(MSG.billsUploaded));
      }
      onOpenChange(false);
    } catch (e) {
      // An edit's field errors are the bill's own (amount, meterReading.current): they belong to row 0.
      const fields = ['billDate', 'dueDate', 'bills'];
      let onField: string | undefined;
      if (editing && e instanceof ApiError)
        onField = applyServerErrors(
          new ApiError(
            e.status,
            e.message,
            e.errors.map((x) => ({ ...x, path: `bills.0.${x.path}` })),
            e.code,
          ),
          setError,
          fields,
        );
      else onField = applyServerErrors(e, setError, fields);
      const text = e instanceof ApiError && e.status > 0 ? e.message : errorMessage(e, MSG.billsUploadFailed);
      if (!onField) setServerProblem(text);
      toast.error(msg(text));
    }
  });

  const changeType = (i: number, t: string) => {
    const was = getValues(`bills.${i}.billType`);
    setValue(`bills.${i}.billType`, t);
    if (!isMeterBillType(t)) {
      setValue(`bills.${i}.meterReading`, emptyReading());
      setValue(`bills.${i}.photos`, { current: null, previous: null });
      // An amount belongs to its type (issue 19): Rent prefills the room's rent; any other type starts empty.
      if (t !== was) setValue(`bills.${i}.amount`, t === 'Rent Bill' ? room.rentAmount.toFixed(2) : '');
    } else {
      setValue(`bills.${i}.amount`, '');
      const prev = last[t];
      if (prev !== undefined && getValues(`bills.${i}.meterReading.previous`) === '')
        setValue(`bills.${i}.meterReading.previous`, String(prev));
    }
  };

  const remove = (i: number) => {
    if (rows.fields.length <= 1) {
      toast.warning(msg(MSG.cantRemoveAllBills));
      return;
    }
    rows.remove(i);
  };

  const billDateReg = register('billDate');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={editing ? t('upload.editTitle') : t('upload.title')} busy={busy} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        ) : rentWarning ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {rentWarning}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <DateField
            label={t('upload.billDate')}
            required
            disabled={Boolean(editing)}
            error={errorOf('billDate')}
            {...billDateReg}
            onChange={(e) => {
              void billDateReg.onChange(e);
              if (!dueTouched && e.target.value) setValue('dueDate', addDays(e.target.value, DEFAULT_DUE_DAYS) ?? '');
            }}
          />
          <DateField
            label={t('upload.dueDate')}
            hint={t('upload.dueHint', { days: DEFAULT_DUE_DAYS })}
            disabled={Boolean(editing)}
            error={errorOf('dueDate')}
            {...register('dueDate', { onChange: () => setDueTouched(true) })}
          />
        </div>
        <ol className="space-y-3">
          {rows.fields.map((f, i) => (
            <li key={f.id}>
              <BillBlock
                index={i}
                total={rows.fields.length}
                form={form}
                errorOf={errorOf}
                onType={(t) => changeType(i, t)}
                onRemove={() => remove(i)}
                canEditType={!editing}
              />
            </li>
          ))}
        </ol>
        {editing ? null : (
          <button type="button" className={secondaryButton} onClick={() => rows.append(emptyRow('Maintenance Bill'))}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('upload.addAnother')}
          </button>
        )}
        <div className="flex justify-end gap-3 border-t border-slate-200 pt-4">
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => onOpenChange(false)}>
            {t('upload.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
            {busy ? t('upload.busy') : editing ? t('upload.save') : t('upload.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function BillBlock({
  index: i,
  total,
  form,
  errorOf,
  onType,
  onRemove,
  canEditType,
}: {
  index: number;
  total: number;
  form: ReturnType<typeof useForm<BillsForm>>;
  errorOf: (p: string) => string | undefined;
  onType: (t: string) => void;
  onRemove: () => void;
  canEditType: boolean;
}) {
  const t = useBillsT();
  const msg = useMsg();
  const billType = useBillTypeLabel();
  const { register, control, setValue } = form;
  const row = useWatch({ control, name: `bills.${i}` });
  const meter = isMeterBillType(row?.billType ?? '');
  const units = meter ? unitsConsumed(row?.meterReading.current, row?.meterReading.previous) : null;
  const amount = meter && row ? meterAmount(row.meterReading) : null;
  const typeReg = register(`bills.${i}.billType`);
  // The schema names the reading as a whole when a value is missing or not a number: each reading field shows it.
  const meterError = errorOf(`bills.${i}.meterReading`);
  const [uploading, setUploading] = useState<'current' | 'previous' | null>(null);

  const upload = async (which: 'current' | 'previous', file: File | undefined) => {
    if (!file) return;
    setUploading(which);
    try {
      const entry = await uploadMeterPhoto(file);
      setValue(`bills.${i}.photos.${which}`, { _id: entry._id, url: entry.url });
      toast.success(msg(MSG.meterPhotoUploaded(which)));
    } catch {
      toast.error(msg(MSG.photoUploadFailed));
    } finally {
      setUploading(null);
    }
  };

  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('block.legend', { n: i + 1, total })}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <SelectField
          label={t('block.type')}
          required
          disabled={!canEditType}
          error={errorOf(`bills.${i}.billType`)}
          {...typeReg}
          onChange={(e) => onType(e.target.value)}
        >
          <Options items={BILL_TYPES} label={billType} />
        </SelectField>
        {meter ? (
          <TextField label={t('block.amount')} readOnly value={amount === null ? '' : amount.toFixed(2)} hint={t('block.amountHint')} />
        ) : (
          <TextField
            label={t('block.amount')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            required
            error={errorOf(`bills.${i}.amount`)}
            {...register(`bills.${i}.amount`)}
          />
        )}
        <button
          type="button"
          aria-label={t('block.remove', { n: i + 1 })}
          onClick={onRemove}
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-red-200 text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      {meter ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <TextField
            label={t('block.current')}
            type="number"
            inputMode="decimal"
            min={0}
            required
            error={errorOf(`bills.${i}.meterReading.current`) ?? meterError}
            {...register(`bills.${i}.meterReading.current`)}
          />
          <TextField
            label={t('block.previous')}
            type="number"
            inputMode="decimal"
            min={0}
            required
            error={errorOf(`bills.${i}.meterReading.previous`) ?? meterError}
            {...register(`bills.${i}.meterReading.previous`)}
          />
          <TextField
            label={t('block.rate')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            required
            error={errorOf(`bills.${i}.meterReading.ratePerUnit`) ?? meterError}
            {...register(`bills.${i}.meterReading.ratePerUnit`)}
          />
          <p className="text-sm text-slate-700 sm:col-span-3">
            {t.rich('block.units', { units: <output className="font-semibold text-slate-900">{units === null ? '-' : units}</output> })}
          </p>
          {(['current', 'previous'] as const).map((which) => (
            <PhotoPicker
              key={which}
              label={t('block.photo', { which, n: i + 1 })}
              done={Boolean(row?.photos[which])}
              busy={uploading === which}
              onFile={(f) => void upload(which, f)}
            />
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

function PhotoPicker({
  label,
  done,
  busy,
  onFile,
}: {
  label: string;
  done: boolean;
  busy: boolean;
  onFile: (f: File | undefined) => void;
}) {
  const t = useBillsT();
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-700/40">
      <Upload aria-hidden="true" className="h-4 w-4" />
      <span>{busy ? t('block.photoUploading', { label }) : done ? t('block.photoUploaded', { label }) : label}</span>
      <input
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        disabled={busy}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );
}
