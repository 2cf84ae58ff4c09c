import { MSG } from '@kiraya/contract/messages';
import { Check, Inbox, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LeaseTermsList } from '../../../components/LeaseTerms';
import { PageHeading } from '../../../components/PageHeading';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { type IncomingRequest, useAcceptRequest, useIncomingRequests, useRejectRequest } from '../api/tenancy';

type Decision = 'accepted' | 'rejected';

const STATUS_LABEL: Record<string, { text: string; tone: BadgeTone }> = {
  pending: { text: 'Pending', tone: 'yellow' },
  accepted: { text: 'Accepted', tone: 'green' },
  rejected: { text: 'Rejected', tone: 'grey' },
  withdrawn: { text: 'Withdrawn', tone: 'grey' },
};

/**
 * /TenantDashboard/Requests (spec 2, B4): the owners' invitations, each with Accept and Reject that act on
 * their own row only. A row keeps its "Accepted" / "Rejected" label after the list refreshes.
 */
export function RequestsPage() {
  const requests = useIncomingRequests();
  // Rows decided here stay on screen with their label, even when the refreshed list no longer holds them.
  const [decided, setDecided] = useState<Record<string, Decided>>({});
  const rows = mergeDecided(requests.data?.incomingRequests ?? [], decided);

  return (
    <>
      <PageHeading title="Requests" subtitle="Room invitations from owners" />
      {requests.isPending ? (
        <Spinner label="Loading requests" />
      ) : requests.isError && rows.length === 0 ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{errorMessage(requests.error)}</p>
          <button type="button" onClick={() => requests.refetch()} className="mt-2 font-semibold underline">
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <Inbox aria-hidden="true" className="mx-auto h-8 w-8 text-slate-500" />
          <p className="mt-2 font-semibold text-slate-900">{MSG.noRequests}</p>
          <p className="mt-1 text-slate-600">When an owner invites you to a room, the invitation shows here.</p>
        </div>
      ) : (
        <ul aria-label="Room requests" className="space-y-3">
          {rows.map(({ request, decision }, index) => (
            <li key={request._id}>
              <RequestRow
                request={request}
                decision={decision}
                onDecided={(d) => setDecided((m) => ({ ...m, [request._id]: { request, decision: d, index } }))}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A row decided here, with the place it had on screen then. */
type Decided = { request: IncomingRequest; decision: Decision; index: number };

/**
 * The refreshed list with the rows decided here kept where they were (issue 19: appending them moved the
 * rows under the finger).
 */
export function mergeDecided(list: IncomingRequest[], decided: Record<string, Decided>) {
  const rows: { request: IncomingRequest; decision?: Decision }[] = list.map((request) => ({
    request,
    decision: decided[request._id]?.decision,
  }));
  const seen = new Set(list.map((r) => r._id));
  const gone = Object.values(decided)
    .filter((d) => !seen.has(d.request._id))
    .sort((a, b) => a.index - b.index);
  for (const { request, decision, index } of gone) rows.splice(Math.min(index, rows.length), 0, { request, decision });
  return rows;
}

function RequestRow({ request, decision, onDecided }: { request: IncomingRequest; decision?: Decision; onDecided: (d: Decision) => void }) {
  const accept = useAcceptRequest();
  const reject = useRejectRequest();
  const [confirming, setConfirming] = useState(false);
  const status = decision ?? request.status;
  const busy = accept.isPending || reject.isPending;
  const label = `Room ${request.roomId.roomNumber}${request.title ? `, ${request.title}` : ''}`;

  const onAccept = () =>
    accept.mutate(request._id, {
      onSuccess: () => {
        onDecided('accepted');
        toast.success(MSG.requestAccepted);
      },
      onError: () => toast.error(MSG.requestAcceptFailed),
    });
  const onReject = () =>
    reject.mutate(request._id, {
      onSuccess: () => {
        setConfirming(false);
        onDecided('rejected');
        toast.success(MSG.requestRejected);
      },
      onError: (e) => {
        setConfirming(false);
        toast.error(errorMessage(e));
      },
    });

  const shown = STATUS_LABEL[status] ?? { text: status, tone: 'grey' as const };
  return (
    <article
      aria-label={`Invitation from ${request.ownerId.fullName}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{request.ownerId.fullName}</p>
          <p className="text-sm text-slate-700">
            Room {request.roomId.roomNumber}
            {request.title ? <span> · {request.title}</span> : null}
          </p>
        </div>
        {status === 'pending' ? null : <Badge tone={shown.tone}>{shown.text}</Badge>}
      </div>
      {/* The lease offered (issue 22): read before accepting; accepting stores these terms with the tenancy. */}
      {status === 'pending' && request.terms ? (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-800">Lease terms offered</h3>
          <LeaseTermsList terms={request.terms} depositWarning={request.depositWarning} label={`Lease terms for ${label}`} />
        </div>
      ) : null}
      {/* Accept and Reject come after the terms: read, then decide. */}
      {status === 'pending' ? (
        <div className="mt-3 flex justify-end gap-2">
          <button
            type="button"
            onClick={onAccept}
            disabled={busy}
            aria-label={`Accept ${label}`}
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            <Check aria-hidden="true" className="h-4 w-4" />
            {accept.isPending ? 'Accepting...' : 'Accept'}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-label={`Reject ${label}`}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {reject.isPending ? 'Rejecting...' : 'Reject'}
          </button>
        </div>
      ) : null}
      {/* Rejecting cannot be undone: the owner would have to invite again (issue 19). */}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={onReject}
        busy={reject.isPending}
        title="Reject this invitation?"
        text={`${request.ownerId.fullName} invited you to ${label}. Once rejected, only a new invitation from the owner brings it back.`}
        confirmLabel="Reject"
        busyLabel="Rejecting..."
      />
    </article>
  );
}
