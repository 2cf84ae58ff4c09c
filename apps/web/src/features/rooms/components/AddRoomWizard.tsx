import { roomSteps } from '@kiraya/contract';
import { WIZARD_STEPS } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormSummaryContext, StepIndicator, CompactFieldsContext } from '../../../components/FormField';
import { applyServerErrors, useSubmissionKey, useWizardForm } from '../../../components/form';
import { ImageDropzone } from '../../../components/ImageDropzone';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useAddRoom } from '../api/owner';
import { useRoomsT } from '../i18n';
import { appendRoomFields, EMPTY_ROOM, ROOM_FIELDS, ROOM_STEPS, type RoomValues, RoomStepFields } from './RoomFields';
import { WizardFooter } from '../../../components/WizardFooter';

const TOTAL = WIZARD_STEPS.room;

/** The step (1-based) that holds a field, so a server field error sends the owner back to it. */
const ROOM_STEP: Record<string, number> = Object.fromEntries(
  roomSteps.flatMap((schema, i) => Object.keys(schema.shape).map((k) => [k, i + 1])),
);

/** The Add New Room wizard (spec 2): 6 steps, Next only on a valid step, closing discards the entries. */
export function AddRoomWizard({
  propertyId,
  open,
  onOpenChange,
}: {
  propertyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddRoom(propertyId);
  const t = useRoomsT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('wizard.title')} busy={add.isPending} size="lg">
      <WizardBody propertyId={propertyId} add={add} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function WizardBody({ propertyId, add, onDone }: { propertyId: string; add: ReturnType<typeof useAddRoom>; onDone: () => void }) {
  const t = useRoomsT();
  const msg = useMsg();
  const [files, setFiles] = useState<File[]>([]);
  const submission = useSubmissionKey();
  const { form, step, problem, setProblem, next, back, setStep } = useWizardForm<RoomValues>({
    total: TOTAL,
    steps: roomSteps,
    defaultValues: EMPTY_ROOM,
  });

  const send = (values: RoomValues) => {
    if (files.length === 0) {
      setProblem(MSG.imageRequired);
      return;
    }
    const body = new FormData();
    appendRoomFields(body, values);
    body.append('propertyId', propertyId);
    for (const f of files) body.append('roomImages', f, f.name);
    add.mutate(
      { form: body, key: submission.key() },
      {
        onSuccess: () => {
          submission.done();
          toast.success(msg(MSG.roomSubmitted));
          onDone();
        },
        onError: (err) => {
          const field = applyServerErrors(err, form.setError, ROOM_FIELDS);
          if (field) setStep(ROOM_STEP[field] ?? step);
          toast.error(t('wizard.addFailed', { failed: msg(MSG.roomAddFailed), reason: errorMessage(err) }));
        },
      },
    );
  };

  // The step's problem in the page's language (the contract's schemas and MSG say it in English).
  const shown = problem ? msg(problem) : problem;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step < TOTAL) return next();
    return void form.handleSubmit(send)();
  };

  return (
    <form onSubmit={submit} noValidate>
      <CompactFieldsContext.Provider value>
        <FormSummaryContext.Provider value={shown}>
          <StepIndicator step={step} total={TOTAL} title={t(`step.${ROOM_STEPS[step - 1] ?? 'images'}`)} />
          {step < TOTAL ? (
            <RoomStepFields step={step as 1 | 2 | 3 | 4 | 5} form={form} autoFocus />
          ) : (
            <>
              <ImageDropzone
                files={files}
                onChange={(f) => {
                  setFiles(f);
                  if (f.length) setProblem(null);
                }}
                label={t('wizard.images')}
              />
              {files.length === 0 ? <p className="mt-2 text-sm text-slate-700">{msg(MSG.imageRequired)}</p> : null}
            </>
          )}
          <WizardFooter
            message={shown}
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
