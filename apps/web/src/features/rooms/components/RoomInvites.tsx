import { MSG } from '@kiraya/contract/messages';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useCancelEmailInvite, useRoomEmailInvites, useRoomRequests, useWithdrawRequest } from '../api/owner';

const STATUS: Record<string, { text: string; tone: BadgeTone }> = {
  pending: { text: 'Pending', tone: 'yellow' },
  accepted: { text: 'Accepted', tone: 'green' },
  rejected: { text: 'Rejected', tone: 'red' },
  withdrawn: { text: 'Withdrawn', tone: 'grey' },
};
export const requestStatusLabel = (status: string) => STATUS[status] ?? { text: status, tone: 'grey' as const };

/**
 * A room's invitations with their status (B4); a pending one can be withdrawn by the owner. Below them, the
 * invitations by email still waiting for the person to sign up (issue 25), which the owner can cancel.
 */
export function RoomInvites({ roomId, headingLevel = 3 }: { roomId: string; headingLevel?: 3 | 4 }) {
  return (
    <>
      <RequestInvites roomId={roomId} headingLevel={headingLevel} />
      <EmailInvites roomId={roomId} headingLevel={headingLevel} />
    </>
  );
}

function EmailInvites({ roomId, headingLevel }: { roomId: string; headingLevel: 3 | 4 }) {
  const invites = useRoomEmailInvites(roomId);
  const cancel = useCancelEmailInvite(roomId);
  const H = `h${headingLevel}` as const;
  const list = invites.data ?? [];
  if (list.length === 0) return null;
  const onCancel = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () => toast.success(MSG.emailInviteCancelled),
      onError: (e) => toast.error(errorMessage(e)),
    });
  return (
    <section className="mt-4">
      <H className="text-sm font-semibold text-slate-900">Invited by email</H>
      <ul aria-label="Invitations by email" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {list.map((i) => (
          <li key={i._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0 break-all">
              <span className="font-medium text-slate-900">{i.email}</span>{' '}
              <span className="text-slate-600">
                · sent {formatDate(i.createdAt)} · {i.status === 'expired' ? 'expired' : 'expires'} {formatDate(i.expiresAt)}
              </span>
            </span>
            <span className="flex items-center gap-2">
              {i.status === 'expired' ? (
                <Badge tone="grey">Expired</Badge>
              ) : (
                <>
                  <Badge tone="yellow">Waiting for sign-up</Badge>
                  <button
                    type="button"
                    onClick={() => onCancel(i._id)}
                    disabled={cancel.isPending}
                    aria-label={`Cancel the invitation to ${i.email}`}
                    className="rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                  >
                    Cancel
                  </button>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RequestInvites({ roomId, headingLevel }: { roomId: string; headingLevel: 3 | 4 }) {
  const requests = useRoomRequests(roomId);
  const withdraw = useWithdrawRequest(roomId);
  const H = `h${headingLevel}` as const;
  const list = requests.data ?? [];

  const onWithdraw = (id: string) =>
    withdraw.mutate(id, {
      onSuccess: () => toast.success(MSG.requestWithdrawn),
      onError: (e) => toast.error(errorMessage(e)),
    });

  if (requests.isPending) return null;
  if (requests.isError)
    return (
      <p role="alert" className="mt-4 text-sm font-medium text-red-700">
        {errorMessage(requests.error)}
      </p>
    );
  if (list.length === 0) return null;
  return (
    <section className="mt-4">
      <H className="text-sm font-semibold text-slate-900">Invitations for this room</H>
      <ul aria-label="Invitations" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {list.map((r) => {
          const s = requestStatusLabel(r.status);
          return (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{r.tenantId.fullName}</span>{' '}
                <span className="text-slate-600">
                  @{r.tenantId.username} · sent {formatDate(r.createdAt)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge tone={s.tone}>{s.text}</Badge>
                {r.status === 'pending' ? (
                  <button
                    type="button"
                    onClick={() => onWithdraw(r._id)}
                    disabled={withdraw.isPending}
                    aria-label={`Withdraw the invitation to ${r.tenantId.username}`}
                    className="rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                  >
                    Withdraw
                  </button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
