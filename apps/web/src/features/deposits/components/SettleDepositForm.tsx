import { todayInIndia } from '@kiraya/contract/dates';
import {
  DEDUCTION_KINDS,
  DEPOSIT_LIMITS,
  type DeductionKind,
  REFUND_METHODS,
  type RefundMethod,
  type SettleDepositBody,
  settleDepositBodySchema,
  settlementMismatch,
} from '@kiraya/contract/deposits';
import { MSG } from '@kiraya/contract/messages';
import { formatPaise, paiseToRupees, tryRupeesToPaise } from '@kiraya/contract/money';
import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { DateField } from '../../../components/DateInput';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { Options, primaryButton, SelectField, secondaryButton, TextAreaField, TextField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { type Deposit, uploadDepositPhoto, useSettleDeposit } from '../api/deposits';
import { useDepositsT } from '../i18n';

/** The kinds offered: unpaid bills only while the tenant owes some (the server nets at most that). */
export const offeredKinds = (unpaidBills: number) =>
  unpaidBills > 0 ? DEDUCTION_KINDS : DEDUCTION_KINDS.filter((k) => k !== 'unpaid_bills');

export type SettleForm = {
  deductions: { kind: DeductionKind; reason: string; amount: string; photos: { _id: string; url: string }[] }[];
  refund: { amount: string; method: RefundMethod | ''; reference: string; date: string };
};

/** The form's values as the API takes them (rupees as typed; no method or date when left empty). */
export const settleBodyOf = (v: SettleForm): SettleDepositBody => ({
  deductions: v.deductions.map((d) => ({ kind: d.kind, reason: d.reason, amount: d.amount, photoIds: d.photos.map((p) => p._id) })),
  refund: {
    amount: v.refund.amount,
    reference: v.refund.reference,
    ...(v.refund.method ? { method: v.refund.method } : {}),
    ...(v.refund.date ? { date: v.refund.date } : {}),
  },
});

/** The contract's schema over the form's values. */
const formSchema = z
  .custom<SettleForm>(() => true)
  .transform(settleBodyOf)
  .pipe(settleDepositBodySchema);

/** Σ deductions + refund of what is typed so far, in paise (unreadable amounts count as 0). */
export function typedTotal(v: Pick<SettleForm, 'deductions' | 'refund'>): number {
  const p = (s: string) => (s.trim() === '' ? 0 : (tryRupeesToPaise(s) ?? 0));
  return v.deductions.reduce((sum, d) => sum + p(d.amount), 0) + p(v.refund.amount);
}

/**
 * Settle deposit (the owner, after a move-out): deductions, each with a kind, a reason, an amount and optional
 * photos, and the refund with its method, reference and date. The sum is checked live against what is held;
 * the server checks it again to the paisa and settles once.
 */
export function SettleDepositDialog({
  deposit,
  open,
  onOpenChange,
}: {
  deposit: Deposit;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const t = useDepositsT();
  const msg = useMsg();
  /** A message of the contract (a field's or the sum's) in the page's language. */
  const say = (m: string | undefined) => (m ? msg(m) : undefined);
  const settle = useSettleDeposit(deposit.roomId);
  const sumId = useId();
  // The unpaid bills the server proposes (ADR 041): one "unpaid bills" deduction each, named, editable, removable.
  const proposed = deposit.proposedDeductions ?? [];
  const proposedPaise = proposed.reduce((n, d) => n + d.amount, 0);
  const form = useForm<SettleForm>({
    defaultValues: {
      deductions: proposed.map((d) => ({
        kind: 'unpaid_bills' as const,
        reason: d.name,
        amount: String(paiseToRupees(d.amount)),
        photos: [],
      })),
      refund: { amount: String(paiseToRupees(deposit.held - proposedPaise)), method: '', reference: '', date: todayInIndia() },
    },
    resolver: contractResolver(formSchema),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'deductions' });
  const watched = useWatch({ control: form.control }) as SettleForm;
  const total = typedTotal({ deductions: watched.deductions ?? [], refund: watched.refund ?? { amount: '' } } as SettleForm);
  const mismatch = settlementMismatch(deposit.held, total);
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    if (mismatch) {
      form.setError('refund.amount', { type: 'sum', message: mismatch }, { shouldFocus: true });
      return;
    }
    settle.mutate(settleBodyOf(values), {
      onSuccess: () => {
        toast.success(msg(MSG.depositSettled));
        onOpenChange(false);
      },
      onError: (e) => {
        if (!applyServerErrors(e, form.setError, ['deductions', 'refund'])) toast.error(msg(errorMessage(e)));
      },
    });
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('settle.title')} size="lg" busy={settle.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={sumId}>
        <p className="text-sm text-slate-700">{t('settle.intro', { held: formatPaise(deposit.held), tenant: deposit.tenant.fullName })}</p>
        <fieldset className="space-y-3">
          <legend className="font-semibold text-slate-900">{t('settle.deductions')}</legend>
          {proposed.length > 0 ? <p className="mt-1 text-sm text-slate-700">{t('settle.proposedNote')}</p> : null}
          {fields.length === 0 ? <p className="text-sm text-slate-600">{t('settle.none')}</p> : null}
          {fields.map((f, i) => (
            <div key={f.id} className="rounded-lg border border-slate-200 p-3" data-testid="deduction-row">
              <div className="grid gap-3 sm:grid-cols-[10rem_1fr_9rem]">
                <SelectField
                  label={t('settle.kind')}
                  required
                  error={say(errors.deductions?.[i]?.kind?.message)}
                  {...form.register(`deductions.${i}.kind`)}
                >
                  <Options items={offeredKinds(deposit.unpaidBills)} label={(k) => t(`kind.${k}`)} />
                </SelectField>
                <TextAreaField
                  label={t('common.reason')}
                  required
                  rows={2}
                  maxLength={DEPOSIT_LIMITS.reasonMax}
                  error={say(errors.deductions?.[i]?.reason?.message)}
                  {...form.register(`deductions.${i}.reason`)}
                />
                <TextField
                  label={t('common.amountRupees')}
                  required
                  inputMode="decimal"
                  hint={
                    watched.deductions?.[i]?.kind === 'unpaid_bills'
                      ? t('settle.unpaidHint', { max: formatPaise(deposit.unpaidBills) })
                      : undefined
                  }
                  error={say(errors.deductions?.[i]?.amount?.message)}
                  {...form.register(`deductions.${i}.amount`)}
                />
              </div>
              <DeductionPhotos
                photos={watched.deductions?.[i]?.photos ?? []}
                onChange={(photos) => form.setValue(`deductions.${i}.photos`, photos)}
                index={i}
              />
              <button
                type="button"
                className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-red-700 hover:underline"
                onClick={() => remove(i)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('settle.remove', { n: i + 1 })}
              </button>
            </div>
          ))}
          {fields.length < DEPOSIT_LIMITS.deductionsMax ? (
            <button
              type="button"
              className={`${secondaryButton} px-3 py-1.5 text-sm`}
              onClick={() => append({ kind: 'damage', reason: '', amount: '', photos: [] })}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              {t('settle.add')}
            </button>
          ) : null}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-slate-900">{t('settle.refund')}</legend>
          <TextField
            label={t('settle.refundAmount')}
            required
            inputMode="decimal"
            error={say(errors.refund?.amount?.message)}
            {...form.register('refund.amount')}
          />
          <SelectField label={t('settle.paidBy')} error={say(errors.refund?.method?.message)} {...form.register('refund.method')}>
            <Options items={REFUND_METHODS} empty={t('settle.choosePaidBy')} label={(m) => t(`refundMethod.${m}`)} />
          </SelectField>
          <TextField
            label={t('common.reference')}
            hint={t('settle.referenceHint')}
            maxLength={DEPOSIT_LIMITS.referenceMax}
            error={say(errors.refund?.reference?.message)}
            {...form.register('refund.reference')}
          />
          {/* Controlled: the whole form re-renders on every change (the live sum), which a registered date field's ref would loop on. */}
          <DateField
            label={t('settle.refundDate')}
            name="refund.date"
            error={say(errors.refund?.date?.message)}
            value={watched.refund?.date ?? ''}
            onChange={(e) => form.setValue('refund.date', e.target.value)}
          />
        </fieldset>
        <p
          id={sumId}
          aria-live="polite"
          className={`rounded-lg px-3 py-2 text-sm font-medium ${mismatch ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
          data-testid="settle-sum"
        >
          {mismatch
            ? t('settle.sumOff', { total: formatPaise(total), held: formatPaise(deposit.held), problem: msg(mismatch) })
            : t('settle.sumOk', { total: formatPaise(total), held: formatPaise(deposit.held) })}
        </p>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={settle.isPending}>
            {settle.isPending ? t('settle.busy') : t('settle.title')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A deduction's photos: each uploaded at once (private, re-encoded), shown as thumbnails, removable. */
function DeductionPhotos({
  photos,
  onChange,
  index,
}: {
  photos: { _id: string; url: string }[];
  onChange: (p: { _id: string; url: string }[]) => void;
  index: number;
}) {
  const t = useDepositsT();
  const msg = useMsg();
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      const room = DEPOSIT_LIMITS.photosPerDeduction - photos.length;
      const added = [];
      for (const f of [...files].slice(0, room)) added.push(await uploadDepositPhoto(f));
      onChange([...photos, ...added]);
    } catch (e) {
      toast.error(msg(errorMessage(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {photos.map((p, j) => (
        <button
          key={p._id}
          type="button"
          className="group relative"
          onClick={() => onChange(photos.filter((x) => x._id !== p._id))}
          aria-label={t('photos.remove', { photo: j + 1, n: index + 1 })}
        >
          <img src={p.url} alt="" className="h-14 w-14 rounded-md border border-slate-200 object-cover group-hover:opacity-60" />
        </button>
      ))}
      {photos.length < DEPOSIT_LIMITS.photosPerDeduction ? (
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ImagePlus aria-hidden="true" className="h-4 w-4" />
          {busy ? t('photos.uploading') : t('photos.add', { n: index + 1 })}
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            className="sr-only"
            disabled={busy}
            onChange={(e) => {
              void add(e.target.files);
              e.target.value = '';
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
