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
import { useMsg } from '../../../lib/useMsg';
import { type IncomingRequest, useAcceptRequest, useIncomingRequests, useRejectRequest } from '../api/tenancy';
import { useTenancyT } from '../i18n';

type Decision = 'accepted' | 'rejected';

/** An invitation's status: its badge colour; its words are `status.<status>` in the tenancy catalogue. */
const STATUS_TONE = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'grey',
  withdrawn: 'grey',
} as const satisfies Record<string, BadgeTone>;
const known = (status: string): status is keyof typeof STATUS_TONE => status in STATUS_TONE;

/**
 * /TenantDashboard/Requests (spec 2, B4): the owners' invitations, each with Accept and Reject that act on
 * their own row only. A row keeps its "Accepted" / "Rejected" label after the list refreshes.
 */
export function RequestsPage() {
  const t = useTenancyT();
  const msg = useMsg();
  const requests = useIncomingRequests();
  // Rows decided here stay on screen with their label, even when the refreshed list no longer holds them.
  const [decided, setDecided] = useState<Record<string, Decided>>({});
  const rows = mergeDecided(requests.data?.incomingRequests ?? [], decided);

  return (
    <>
      <PageHeading title={t('requests.title')} subtitle={t('requests.subtitle')} />
      {requests.isPending ? (
        <Spinner label={t('requests.loading')} />
      ) : requests.isError && rows.length === 0 ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-medium">{msg(errorMessage(requests.error))}</p>
          <button type="button" onClick={() => requests.refetch()} className="mt-2 font-semibold underline">
            {t('retry')}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <Inbox aria-hidden="true" className="mx-auto h-8 w-8 text-slate-500" />
          <p className="mt-2 font-semibold text-slate-900">{msg(MSG.noRequests)}</p>
          <p className="mt-1 text-slate-600">{t('requests.empty')}</p>
        </div>
      ) : (
        <ul aria-label={t('requests.list')} className="space-y-3">
          {rows.map(({ request, decision }, index) => (
            <li key={request._id} id={`request-${request._id}`} className="scroll-mt-20">
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
  const t = useTenancyT();
  const msg = useMsg();
  const accept = useAcceptRequest();
  const reject = useRejectRequest();
  const [confirming, setConfirming] = useState(false);
  const status = decision ?? request.status;
  const busy = accept.isPending || reject.isPending;
  const label = request.title
    ? t('requests.label.titled', { room: request.roomId.roomNumber, title: request.title })
    : t('room', { room: request.roomId.roomNumber });

  const onAccept = () =>
    accept.mutate(request._id, {
      onSuccess: () => {
        onDecided('accepted');
        toast.success(msg(MSG.requestAccepted));
      },
      onError: () => toast.error(msg(MSG.requestAcceptFailed)),
    });
  const onReject = () =>
    reject.mutate(request._id, {
      onSuccess: () => {
        setConfirming(false);
        onDecided('rejected');
        toast.success(msg(MSG.requestRejected));
      },
      onError: (e) => {
        setConfirming(false);
        toast.error(msg(errorMessage(e)));
      },
    });

  const shown = known(status) ? { text: t(`status.${status}`), tone: STATUS_TONE[status] } : { text: status, tone: 'grey' as const };
  return (
    <article
      aria-label={t('requests.from', { name: request.ownerId.fullName })}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{request.ownerId.fullName}</p>
          <p className="text-sm text-slate-700">
            {request.title
              ? t('requests.place.titled', { room: request.roomId.roomNumber, title: request.title })
              : t('room', { room: request.roomId.roomNumber })}
          </p>
        </div>
        {status === 'pending' ? null : <Badge tone={shown.tone}>{shown.text}</Badge>}
      </div>
      {/* The lease offered (issue 22): read before accepting; accepting stores these terms with the tenancy. */}
      {status === 'pending' && request.terms ? (
        <div className="mt-3 border-t border-slate-200 pt-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('requests.terms')}</h3>
          <LeaseTermsList terms={request.terms} depositWarning={request.depositWarning} label={t('requests.termsFor', { label })} />
        </div>
      ) : null}
      {/* Accept and Reject come after the terms: read, then decide. */}
      {status === 'pending' ? (
        <div className="mt-3 flex justify-end gap-2">
          <button
            type="button"
            onClick={onAccept}
            disabled={busy}
            aria-label={t('requests.acceptLabel', { label })}
            className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            <Check aria-hidden="true" className="h-4 w-4" />
            {accept.isPending ? t('requests.accepting') : t('requests.accept')}
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-label={t('requests.rejectLabel', { label })}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {reject.isPending ? t('requests.rejecting') : t('requests.reject')}
          </button>
        </div>
      ) : null}
      {/* Rejecting cannot be undone: the owner would have to invite again (issue 19). */}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={onReject}
        busy={reject.isPending}
        title={t('requests.confirm.title')}
        text={t('requests.confirm.text', { owner: request.ownerId.fullName, label })}
        confirmLabel={t('requests.reject')}
        busyLabel={t('requests.rejecting')}
      />
    </article>
  );
}
