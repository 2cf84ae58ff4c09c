import { propertySteps } from '@kiraya/contract';
import { PROPERTY_TYPES, WIZARD_STEPS } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormSummaryContext, StepIndicator, TextAreaField, TextField, useWizardSteps } from '../../../components/FormField';
import { ImageDropzone } from '../../../components/ImageDropzone';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useAddProperty } from '../api/mutations';
import { AddressFields, EMPTY_PROPERTY, type PropertyValues, propertyFormData } from './PropertyFormFields';
import { WizardFooter } from '../../../components/WizardFooter';

const TITLES = ['Basic Details', 'Address Details', 'Property Details', 'Property Images'] as const;
const TOTAL = WIZARD_STEPS.property;

/** The Add Property wizard (spec 2): 4 steps, Next only on a valid step, closing discards the entries. */
export function AddPropertyWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddProperty();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Add Property" busy={add.isPending} size="lg">
      <WizardBody onDone={() => onOpenChange(false)} add={add} />
    </Modal>
  );
}

function WizardBody({ onDone, add }: { onDone: () => void; add: ReturnType<typeof useAddProperty> }) {
  const [values, setValues] = useState<PropertyValues>(EMPTY_PROPERTY);
  const [files, setFiles] = useState<File[]>([]);
  const { step, problem: error, setProblem: setError, next, back } = useWizardSteps(TOTAL, propertySteps, values);

  const set = (k: keyof PropertyValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const fe = (k: keyof PropertyValues) => error?.fields[k];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step < TOTAL) return next();
    if (files.length === 0) {
      setError({ message: MSG.imageRequired, fields: {} });
      return;
    }
    const form = propertyFormData(values);
    for (const f of files) form.append('propertyImages', f, f.name);
    add.mutate(form, {
      onSuccess: () => {
        toast.success(MSG.propertySubmitted);
        onDone();
      },
      onError: (err) => toast.error(`${MSG.propertyAddFailed}: ${errorMessage(err)}`),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormSummaryContext.Provider value={error?.message}>
        <StepIndicator step={step} total={TOTAL} title={TITLES[step - 1] ?? ''} />
        <div className="space-y-4">
          {step === 1 ? (
            <>
              <TextField
                label="Property Name"
                required
                value={values.title}
                onChange={set('title')}
                error={fe('title')}
                maxLength={120}
                autoFocus
              />
              <TextField
                label="Amenities"
                required
                value={values.amenities}
                onChange={set('amenities')}
                error={fe('amenities')}
                hint="Separate them with commas, e.g. WiFi, Parking, Power backup"
              />
            </>
          ) : null}
          {step === 2 ? (
            <AddressFields values={values} onChange={(p) => setValues((v) => ({ ...v, ...p }))} errors={error?.fields} autoFocus />
          ) : null}
          {step === 3 ? (
            <>
              <fieldset>
                <legend className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-800">
                  Property Type
                  <span aria-hidden="true" className="text-red-700">
                    *
                  </span>
                  <TypesHelp />
                </legend>
                <div className="flex flex-wrap gap-2">
                  {PROPERTY_TYPES.map((t) => (
                    <button
                      key={t}
                      type="button"
                      aria-pressed={values.propertyType === t}
                      onClick={() => setValues((v) => ({ ...v, propertyType: t }))}
                      className={`rounded-lg border px-3 py-2 text-sm font-medium ${
                        values.propertyType === t
                          ? 'border-brand-700 bg-brand-700 text-white'
                          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                      }`}
                    >
                      {t}
                    </button>
                  ))}
                </div>
              </fieldset>
              <TextAreaField
                label="Property Description"
                required
                value={values.description}
                onChange={set('description')}
                error={fe('description')}
                maxLength={2000}
              />
            </>
          ) : null}
          {step === 4 ? (
            <>
              <ImageDropzone
                files={files}
                onChange={(f) => {
                  setFiles(f);
                  if (f.length) setError(null);
                }}
                label="Property images"
              />
              {files.length === 0 ? <p className="text-sm text-slate-700">{MSG.imageRequired}</p> : null}
            </>
          ) : null}
        </div>
        <WizardFooter
          message={error?.message}
          step={step}
          total={TOTAL}
          busy={add.isPending}
          canSubmit={files.length > 0}
          onBack={back}
          onNext={next}
        />
      </FormSummaryContext.Provider>
    </form>
  );
}

/** Hover or focus help listing the property types (spec 2). */
function TypesHelp() {
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label="Property types help"
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
            <p className="font-semibold">Property types</p>
            <ul className="mt-1 list-disc pl-4">
              {PROPERTY_TYPES.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
            <Tooltip.Arrow className="fill-slate-900" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
