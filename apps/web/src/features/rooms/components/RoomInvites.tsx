import { MSG } from '@kiraya/contract/messages';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { useCancelEmailInvite, useRoomEmailInvites, useRoomRequests, useWithdrawRequest } from '../api/owner';
import { useRoomsT } from '../i18n';
import { useSharedT } from '../../../components/i18n';

/** An invitation's status: its badge colour; its words are `requestStatus.<status>` in the rooms catalogue. */
const STATUS_TONE = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'grey',
} as const satisfies Record<string, BadgeTone>;
type KnownStatus = keyof typeof STATUS_TONE;
const known = (status: string): status is KnownStatus => status in STATUS_TONE;

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
  const t = useRoomsT();
  const msg = useMsg();
  const locale = useLocale();
  const invites = useRoomEmailInvites(roomId);
  const cancel = useCancelEmailInvite(roomId);
  const H = `h${headingLevel}` as const;
  const list = invites.data ?? [];
  if (list.length === 0) return null;
  const onCancel = (id: string) =>
    cancel.mutate(id, {
      onSuccess: () => toast.success(msg(MSG.emailInviteCancelled)),
      onError: (e) => toast.error(msg(errorMessage(e))),
    });
  return (
    <section className="mt-4">
      <H className="text-sm font-semibold text-slate-900">{t('invites.email.heading')}</H>
      <ul aria-label={t('invites.email.list')} className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {list.map((i) => (
          <li key={i._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="min-w-0 break-all">
              <span className="font-medium text-slate-900">{i.email}</span>{' '}
              <span className="text-slate-600">
                {t(i.status === 'expired' ? 'invites.email.expired' : 'invites.email.expires', {
                  sent: formatDate(i.createdAt, locale),
                  expires: formatDate(i.expiresAt, locale),
                })}
              </span>
            </span>
            <span className="flex items-center gap-2">
              {i.status === 'expired' ? (
                <Badge tone="grey">{t('invites.email.expiredBadge')}</Badge>
              ) : (
                <>
                  <Badge tone="yellow">{t('invites.email.waiting')}</Badge>
                  <button
                    type="button"
                    onClick={() => onCancel(i._id)}
                    disabled={cancel.isPending}
                    aria-label={t('invites.email.cancelLabel', { email: i.email })}
                    className="rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                  >
                    {t('invites.email.cancel')}
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
  const t = useRoomsT();
  const names = useSharedT();
  const msg = useMsg();
  const locale = useLocale();
  const requests = useRoomRequests(roomId);
  const withdraw = useWithdrawRequest(roomId);
  const H = `h${headingLevel}` as const;
  const list = requests.data ?? [];

  const onWithdraw = (id: string) =>
    withdraw.mutate(id, {
      onSuccess: () => toast.success(msg(MSG.requestWithdrawn)),
      onError: (e) => toast.error(msg(errorMessage(e))),
    });

  if (requests.isPending) return null;
  if (requests.isError)
    return (
      <p role="alert" className="mt-4 text-sm font-medium text-red-700">
        {msg(errorMessage(requests.error))}
      </p>
    );
  if (list.length === 0) return null;
  return (
    <section className="mt-4">
      <H className="text-sm font-semibold text-slate-900">{t('invites.heading')}</H>
      <ul aria-label={names('name.invitations')} className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {list.map((r) => {
          return (
            <li key={r._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{r.tenantId.fullName}</span>{' '}
                <span className="text-slate-600">
                  {t('invites.sent', { user: r.tenantId.username, date: formatDate(r.createdAt, locale) })}
                </span>
              </span>
              <span className="flex items-center gap-2">
                <Badge tone={known(r.status) ? STATUS_TONE[r.status] : 'grey'}>
                  {known(r.status) ? t(`requestStatus.${r.status}`) : r.status}
                </Badge>
                {r.status === 'pending' ? (
                  <button
                    type="button"
                    onClick={() => onWithdraw(r._id)}
                    disabled={withdraw.isPending}
                    aria-label={t('invites.withdrawLabel', { user: r.tenantId.username })}
                    className="rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                  >
                    {t('invites.withdraw')}
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
