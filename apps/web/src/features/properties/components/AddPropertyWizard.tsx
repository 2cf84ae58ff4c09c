import { propertySteps } from '@kiraya/contract';
import { PROPERTY_TYPES, WIZARD_STEPS } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useWatch } from 'react-hook-form';
import { FormSummaryContext, StepIndicator, TextAreaField, TextField, CompactFieldsContext } from '../../../components/FormField';
import { applyServerErrors, useSubmissionKey, useWizardForm } from '../../../components/form';
import { ImageDropzone } from '../../../components/ImageDropzone';
import { useCommonT } from '../../../components/i18n/common';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useAddProperty } from '../api/mutations';
import { typeLabel } from '../filters';
import { usePropertiesT } from '../i18n';
import { useOwnerPropertiesT } from '../i18n/owner';
import { ListingFactsFields } from './ListingFactsFields';
import { AddressFields, EMPTY_PROPERTY, PROPERTY_FIELDS, type PropertyValues, propertyFormData } from './PropertyFormFields';
import { WizardFooter } from '../../../components/WizardFooter';

const TITLES = ['wizard.step1', 'wizard.step2', 'wizard.step3', 'wizard.step4'] as const;
const TOTAL = WIZARD_STEPS.property;

/** The step (1-based) that holds a field, so a server field error sends the owner back to it. */
const PROPERTY_STEP: Record<string, number> = Object.fromEntries(
  propertySteps.flatMap((schema, i) => Object.keys(schema.shape).map((k) => [k, i + 1])),
);

/** The Add Property wizard (spec 2): 4 steps, Next only on a valid step, closing discards the entries. */
export function AddPropertyWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useOwnerPropertiesT();
  const add = useAddProperty();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('wizard.title')} busy={add.isPending} size="lg">
      <WizardBody onDone={() => onOpenChange(false)} add={add} />
    </Modal>
  );
}

function WizardBody({ onDone, add }: { onDone: () => void; add: ReturnType<typeof useAddProperty> }) {
  const t = useOwnerPropertiesT();
  const types = usePropertiesT();
  const msg = useMsg();
  const [files, setFiles] = useState<File[]>([]);
  const submission = useSubmissionKey();
  const { form, step, problem, setProblem, next, back, setStep } = useWizardForm<PropertyValues>({
    total: TOTAL,
    steps: propertySteps,
    defaultValues: EMPTY_PROPERTY,
  });
  const {
    register,
    setValue,
    setError,
    control,
    formState: { errors },
  } = form;
  const propertyType = useWatch({ control, name: 'propertyType' });
  const common = useCommonT();
  // The type is a row of buttons, not a field component: it names itself when missing, as the fields do.
  const typeErrorId = useId();
  const typeError = errors.propertyType ? common('form.fieldRequired', { label: t('wizard.type') }) : undefined;

  const send = (values: PropertyValues) => {
    if (files.length === 0) {
      setProblem(MSG.imageRequired);
      return;
    }
    const body = propertyFormData(values);
    for (const f of files) body.append('propertyImages', f, f.name);
    add.mutate(
      { form: body, key: submission.key() },
      {
        onSuccess: () => {
          submission.done();
          toast.success(msg(MSG.propertySubmitted));
          onDone();
        },
        onError: (err) => {
          const field = applyServerErrors(err, setError, PROPERTY_FIELDS);
          if (field) setStep(PROPERTY_STEP[field] ?? step);
          toast.error(t('wizard.failed', { message: msg(MSG.propertyAddFailed), reason: errorMessage(err) }));
        },
      },
    );
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step < TOTAL) return next();
    return void form.handleSubmit(send)();
  };

  return (
    <form onSubmit={submit} noValidate>
      <CompactFieldsContext.Provider value>
        <FormSummaryContext.Provider value={problem}>
          <StepIndicator step={step} total={TOTAL} title={t(TITLES[step - 1] ?? 'wizard.step1')} />
          <div className="space-y-4">
            {step === 1 ? (
              <>
                <TextField
                  label={t('wizard.name')}
                  required
                  error={errors.title?.message}
                  maxLength={120}
                  autoFocus
                  {...register('title')}
                />
                <TextField
                  label={t('wizard.amenities')}
                  required
                  error={errors.amenities?.message}
                  hint={t('wizard.amenitiesHint')}
                  {...register('amenities')}
                />
              </>
            ) : null}
            {step === 2 ? <AddressFields form={form} autoFocus /> : null}
            {step === 3 ? (
              <>
                <fieldset aria-invalid={errors.propertyType ? true : undefined} aria-describedby={typeError ? typeErrorId : undefined}>
                  <legend className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-800">
                    {t('wizard.type')}
                    <span aria-hidden="true" className="text-red-700">
                      *
                    </span>
                    <TypesHelp />
                  </legend>
                  <div className="flex flex-wrap gap-2">
                    {PROPERTY_TYPES.map((type) => (
                      <button
                        key={type}
                        type="button"
                        aria-pressed={propertyType === type}
                        onClick={() => setValue('propertyType', type, { shouldDirty: true })}
                        className={`rounded-lg border px-3 py-2 text-sm font-medium ${
                          propertyType === type
                            ? 'border-brand-700 bg-brand-700 text-white'
                            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                        }`}
                      >
                        {typeLabel(types, type)}
                      </button>
                    ))}
                  </div>
                  {typeError ? (
                    <p id={typeErrorId} className="mt-1 text-sm text-red-700">
                      {typeError}
                    </p>
                  ) : null}
                </fieldset>
                <TextAreaField
                  label={t('wizard.description')}
                  required
                  rows={4}
                  error={errors.description?.message}
                  maxLength={2000}
                  {...register('description')}
                />
                <ListingFactsFields form={form} />
              </>
            ) : null}
            {step === 4 ? (
              <>
                <ImageDropzone
                  files={files}
                  onChange={(f) => {
                    setFiles(f);
                    if (f.length) setProblem(null);
                  }}
                  label={t('wizard.images')}
                />
                {files.length === 0 ? <p className="text-sm text-slate-700">{msg(MSG.imageRequired)}</p> : null}
              </>
            ) : null}
          </div>
          <WizardFooter
            message={problem}
            step={step}
            total={TOTAL}
            busy={add.isPending}
            canSubmit={files.length > 0}
            onBack={back}
            onNext={next}
          />
        </FormSummaryContext.Provider>
      </CompactFieldsContext.Provider>
    </form>
  );
}

/** Hover or focus help listing the property types (spec 2). */
function TypesHelp() {
  const t = useOwnerPropertiesT();
  const types = usePropertiesT();
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label={t('wizard.typesHelp')}
            className="inline-flex h-7 w-7 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50"
          >
            <Info aria-hidden="true" className="h-4 w-4" />
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="top"
            sideOffset={6}
            className="z-[60] max-w-xs rounded-lg bg-slate-900 px-3 py-2 text-sm text-white shadow-lg"
          >
            <p className="font-semibold">{t('wizard.types')}</p>
            <ul className="mt-1 list-disc pl-4">
              {PROPERTY_TYPES.map((type) => (
                <li key={type}>{typeLabel(types, type)}</li>
              ))}
            </ul>
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
