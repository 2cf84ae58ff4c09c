import { roomSteps } from '@kiraya/contract';
import { WIZARD_STEPS } from '@kiraya/contract/constants';
import { MSG } from '@kiraya/contract/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormSummaryContext, StepIndicator, useWizardSteps } from '../../../components/FormField';
import { ImageDropzone } from '../../../components/ImageDropzone';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { useAddRoom } from '../api/owner';
import { appendRoomFields, EMPTY_ROOM, ROOM_STEP_TITLES, type RoomValues, RoomStepFields } from './RoomFields';
import { WizardFooter } from '../../../components/WizardFooter';

const TOTAL = WIZARD_STEPS.room;

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
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Add New Room" busy={add.isPending} size="lg">
      <WizardBody propertyId={propertyId} add={add} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function WizardBody({ propertyId, add, onDone }: { propertyId: string; add: ReturnType<typeof useAddRoom>; onDone: () => void }) {
  const [values, setValues] = useState<RoomValues>(EMPTY_ROOM);
  const [files, setFiles] = useState<File[]>([]);
  const { step, problem, setProblem, next, back } = useWizardSteps(TOTAL, roomSteps, values);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step < TOTAL) return next();
    if (files.length === 0) {
      setProblem({ message: MSG.imageRequired, fields: {} });
      return;
    }
    const form = new FormData();
    appendRoomFields(form, values);
    form.append('propertyId', propertyId);
    for (const f of files) form.append('roomImages', f, f.name);
    add.mutate(form, {
      onSuccess: () => {
        toast.success(MSG.roomSubmitted);
        onDone();
      },
      onError: (err) => toast.error(`${MSG.roomAddFailed}: ${errorMessage(err)}`),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormSummaryContext.Provider value={problem?.message}>
        <StepIndicator step={step} total={TOTAL} title={ROOM_STEP_TITLES[step - 1] ?? ''} />
        {step < TOTAL ? (
          <RoomStepFields
            step={step as 1 | 2 | 3 | 4 | 5}
            values={values}
            onChange={(p) => setValues((v) => ({ ...v, ...p }))}
            errors={problem?.fields}
            autoFocus
          />
        ) : (
          <>
            <ImageDropzone
              files={files}
              onChange={(f) => {
                setFiles(f);
                if (f.length) setProblem(null);
              }}
              label="Room images"
            />
            {files.length === 0 ? <p className="mt-2 text-sm text-slate-700">{MSG.imageRequired}</p> : null}
          </>
        )}
        <WizardFooter
          message={problem?.message}
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
