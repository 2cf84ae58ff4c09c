import { monthInWords } from '@kiraya/contract/dates';
import { MSG } from '@kiraya/contract/messages';
import { FileText, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { contractResolver } from '../../../components/form';
import { primaryButton, secondaryButton } from '../../../components/FormField';
import { LeaseTermsList } from '../../../components/LeaseTerms';
import {
  applyTermsErrors,
  editTermsSchema,
  LeaseTermsFields,
  type LeaseTermsForm,
  termsFormOf,
  editTermsInputOf,
} from '../../../components/LeaseTermsFields';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../../../lib/api';
import { type Lease, useEditLeaseTerms, useLease, useSetAutoRent } from '../api/leases';

/**
 * A room's lease (issue 22) as both sides see it: the terms in force, the term's end, a change that applies
 * later, and whether Kiraya raises the Rent Bills. The owner (`viewer="owner"`) edits future terms and
 * switches automatic rent off and on. Nothing shows when the room has no current tenancy.
 */
export function LeasePanel({ roomId, viewer }: { roomId: string; viewer: 'owner' | 'tenant' }) {
  const lease = useLease(roomId);
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  if (lease.isPending) return <p className="text-sm text-slate-600">Loading the lease…</p>;
  if (lease.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(lease.error)}
      </p>
    );
  const l = lease.data;
  if (!l) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <FileText aria-hidden="true" className="h-5 w-5 text-slate-600" />
          Lease
        </h3>
        {viewer === 'owner' ? (
          <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit terms
          </button>
        ) : null}
      </div>
      <LeaseTermsList terms={l.terms} termEndsOn={l.termEndsOn} label="Lease terms in force" />
      {l.upcoming ? (
        <div className="mt-4 rounded-lg bg-sky-50 p-3">
          <p className="mb-2 text-sm font-semibold text-sky-900">From the {monthInWords(l.upcoming.from)} rent, the terms change to:</p>
          <LeaseTermsList terms={l.upcoming.terms} label="Upcoming lease terms" />
        </div>
      ) : null}
      <AutoRent lease={l} viewer={viewer} />
      {viewer === 'owner' && editing ? <EditLeaseTermsDialog lease={l} open={editing} onOpenChange={setEditing} /> : null}
    </section>
  );
}

function AutoRent({ lease, viewer }: { lease: Lease; viewer: 'owner' | 'tenant' }) {
  const toggle = useSetAutoRent(lease.roomId);
  const id = useId();
  if (viewer === 'tenant')
    return (
      <p className="mt-4 text-sm text-slate-700">
        {lease.autoRent
          ? 'Kiraya raises each month’s Rent Bill a few days before the due day.'
          : 'Your owner uploads the Rent Bills for this room.'}
      </p>
    );
  const flip = () =>
    toggle.mutate(!lease.autoRent, {
      onSuccess: (l) => toast.success(l.autoRent ? MSG.autoRentOn : MSG.autoRentOff),
      onError: (e) => toast.error(errorMessage(e)),
    });
  return (
    <div className="mt-4 flex items-start gap-3 rounded-lg bg-slate-50 p-3">
      <input
        id={id}
        type="checkbox"
        checked={lease.autoRent}
        disabled={toggle.isPending}
        onChange={flip}
        aria-describedby={`${id}-hint`}
        className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          Raise Rent Bills automatically
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {lease.autoRent
            ? 'On: Kiraya adds each month’s Rent Bill (and any late fee) a few days before the due day, and tells the tenant. Switch it off to upload Rent Bills yourself.'
            : 'Off: no Rent Bill is added for you; upload them under Billing Details. Switch it on and Kiraya adds each month’s Rent Bill before the due day.'}
        </p>
      </div>
    </div>
  );
}

/** Edit lease terms: the form of Assign Tenant without the start date; the change applies from the next cycle. */
export function EditLeaseTermsDialog({ lease, open, onOpenChange }: { lease: Lease; open: boolean; onOpenChange: (o: boolean) => void }) {
  const edit = useEditLeaseTerms(lease.roomId);
  const form = useForm<LeaseTermsForm>({
    defaultValues: termsFormOf(lease.upcoming?.terms ?? lease.terms),
    resolver: contractResolver(editTermsSchema),
  });
  const submit = form.handleSubmit((values) =>
    edit.mutate(editTermsInputOf(values), {
      onSuccess: (l) => {
        toast.success(MSG.leaseTermsSaved(monthInWords(l.upcoming?.from ?? l.termsFrom)));
        onOpenChange(false);
      },
      onError: (e) => {
        if (!applyTermsErrors(e, form.setError)) toast.error(errorMessage(e));
      },
    }),
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Edit lease terms" size="lg" busy={edit.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p role="note" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          The new terms apply from the next rent cycle: the first month whose Rent Bill is not raised yet. Bills already raised stay as they
          are. The tenant sees the change on their room.
        </p>
        <LeaseTermsFields form={form} withStart={false} />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={edit.isPending}>
            {edit.isPending ? 'Saving…' : 'Save terms'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
