import { MSG } from '@kiraya/contract/messages';
import {
  type CreateReportBody,
  createReportBodySchema,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
} from '@kiraya/contract/moderation';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerErrors, contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton, TextAreaField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { ApiError, errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { type ReportTarget, useCreateReport } from '../api/reports';
import { useReportsT } from '../i18n';

const FIELDS = ['reason', 'details'] as const;
/** The contract's reasons (REPORT_REASON_LABELS in English) in the catalogue, keyed by value. */
const REASON_KEY: Record<ReportReason, `reason.${ReportReason}`> = {
  broker: 'reason.broker',
  moneyBeforeVisit: 'reason.moneyBeforeVisit',
  fakePhotos: 'reason.fakePhotos',
  alreadyRented: 'reason.alreadyRented',
  wrongDetails: 'reason.wrongDetails',
  abusive: 'reason.abusive',
  other: 'reason.other',
};

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ReportTarget;
  /** What is reported, for the title: "this listing", "Room 101", "Ravi Kumar". */
  subject: string;
};

/**
 * The report form (issue 26 item 1): a reason from the contract's list, details (required for Other, at most 1000
 * characters), Send. The server's refusals (already reported, too many reports) show in the dialog, which stays open.
 */
export function ReportDialog({ open, onOpenChange, target, subject }: Props) {
  const create = useCreateReport();
  const t = useReportsT();
  const msg = useMsg();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<CreateReportBody>({
    resolver: contractResolver<CreateReportBody>(createReportBodySchema, { raw: false }),
    defaultValues: { ...target, details: '' },
  });
  const reasonId = useId();
  const reason = watch('reason');

  const onSubmit = handleSubmit((body) => {
    setRefusal(null);
    create.mutate(body, {
      onSuccess: () => {
        toast.success(msg(MSG.reportSent));
        onOpenChange(false);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 400 && applyServerErrors(e, setError, FIELDS)) return;
        setRefusal(msg(errorMessage(e)));
      },
    });
  });

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t('dialog.title', { subject })}
      description={t('dialog.description')}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <fieldset aria-describedby={errors.reason ? `${reasonId}-error` : undefined} aria-invalid={errors.reason ? true : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">
            {t('dialog.reasons')}
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className={`flex cursor-pointer items-center gap-2.5 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${
                  reason === r
                    ? 'border-brand-700 bg-brand-50 font-medium text-slate-900'
                    : 'border-slate-300 text-slate-800 hover:bg-slate-50'
                }`}
              >
                <input type="radio" value={r} className="h-4 w-4 shrink-0 accent-brand-700" {...register('reason')} />
                {t(REASON_KEY[r])}
              </label>
            ))}
          </div>
          {errors.reason?.message ? (
            <p id={`${reasonId}-error`} className="mt-2 text-sm font-medium text-red-700">
              {msg(errors.reason.message)}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label={reason === 'other' ? t('dialog.details') : t('dialog.detailsOptional')}
          required={reason === 'other'}
          rows={4}
          maxLength={REPORT_DETAILS_MAX}
          hint={t('dialog.detailsHint', { max: REPORT_DETAILS_MAX })}
          error={errors.details?.message && msg(errors.details.message)}
          {...register('details')}
        />
        {refusal ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {refusal}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3 pt-1">
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)} disabled={create.isPending}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending ? t('dialog.sending') : t('dialog.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
