import { EMAIL_INVITE_DAYS, EMAIL_RE, SEARCH_MIN_CHARS } from '@kiraya/contract';
import { MSG } from '@kiraya/contract/messages';
import { Mail, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { contractResolver } from '../../../components/form';
import { compactFieldClass } from '../../../components/FormField';
import {
  applyTermsErrors,
  LeaseTermsFields,
  type LeaseTermsForm,
  newTermsForm,
  newTermsSchema,
  termsInputOf,
} from '../../../components/LeaseTermsFields';
import { Modal } from '../../../components/Modal';
import { ApiError, errorMessage } from '../../../lib/api';
import { useInviteByEmail, useRoomRequests, useSendRequest, useTenantSearch } from '../api/owner';
import { RoomInvites } from './RoomInvites';
import { useDebounced } from '../../../lib/useDebounced';
import { useMsg } from '../../../lib/useMsg';
import { useRoomsT } from '../i18n';
import { useSharedT } from '../../../components/i18n';

/**
 * "Unable to send Request" only when the request could not be made or the server failed; a refusal says
 * why (the server's message, e.g. a pending request already exists), else "An unexpected error occurred." (spec 8).
 */
export const sendFailureText = (e: unknown): string =>
  e instanceof ApiError && e.status > 0 && e.status < 500 ? errorMessage(e) : MSG.requestSendFailed;

/**
 * Search Tenant (spec 2; issue 22): the lease terms offered (the room's rent prefilled), then find a tenant by
 * username, phone number or email as you type and invite them with those terms; the room's invitations show
 * below with their status and Withdraw.
 */
export function AssignTenantDialog({
  roomId,
  roomRent,
  open,
  onOpenChange,
}: {
  roomId: string;
  /** The room's monthly rent in rupees, the terms' default rent. */
  roomRent: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useRoomsT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('assign.title')} size="lg">
      <SearchBody roomId={roomId} roomRent={roomRent} />
    </Modal>
  );
}

const stepHeading = 'mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600';

function SearchBody({ roomId, roomRent }: { roomId: string; roomRent: number }) {
  const t = useRoomsT();
  const names = useSharedT();
  const msg = useMsg();
  const inputId = useId();
  const [text, setText] = useState('');
  const typed = useDebounced(text.trim(), 300);
  // One or two characters would match nearly everyone (issue 19): ask for more before searching.
  const tooShort = typed !== '' && typed.length < SEARCH_MIN_CHARS;
  const query = tooShort ? '' : typed;
  const results = useTenantSearch(query);
  const send = useSendRequest(roomId);
  const byEmail = useInviteByEmail(roomId);
  const requests = useRoomRequests(roomId);
  const pending = new Set((requests.data ?? []).filter((r) => r.status === 'pending').map((r) => r.tenantId._id));

  const form = useForm<LeaseTermsForm>({ defaultValues: newTermsForm(roomRent), resolver: contractResolver(newTermsSchema) });

  // The terms are checked first (their fields say what is wrong); the server's field errors land on them too.
  const add = (tenantId: string) =>
    void form.handleSubmit(
      (values) =>
        send.mutate(
          { tenantId, terms: termsInputOf(values) },
          {
            onSuccess: () => toast.success(msg(MSG.requestSent)),
            onError: (e) => {
              if (!applyTermsErrors(e, form.setError, 'terms.')) toast.error(msg(sendFailureText(e)));
            },
          },
        ),
      () => toast.error(t('assign.checkTerms')),
    )();

  // Nobody found (issue 25): an email address typed can be invited by email, with the same terms.
  const inviteEmail = (email: string) =>
    void form.handleSubmit(
      (values) =>
        byEmail.mutate(
          { email, terms: termsInputOf(values) },
          {
            onSuccess: (r) => toast.success(msg(r.via === 'account' ? MSG.emailInviteToAccount : MSG.emailInviteSent(email.toLowerCase()))),
            onError: (e) => {
              if (!applyTermsErrors(e, form.setError, 'terms.')) toast.error(msg(sendFailureText(e)));
            },
          },
        ),
      () => toast.error(t('assign.checkTerms')),
    )();
  const typedEmail = EMAIL_RE.test(query) ? query : null;

  return (
    <div>
      <section aria-labelledby={`${inputId}-terms`} className="mb-5">
        <h3 id={`${inputId}-terms`} className={stepHeading}>
          {t('assign.step.terms')}
        </h3>
        <LeaseTermsFields form={form} />
      </section>
      <h3 className={stepHeading}>{t('assign.step.invite')}</h3>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        {t('assign.find')}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('assign.placeholder')}
          maxLength={100}
          className={`${compactFieldClass} pl-9`}
        />
      </div>
      <div className="mt-4" aria-live="polite">
        {tooShort ? (
          <p className="text-sm text-slate-700">{t('assign.tooShort', { count: SEARCH_MIN_CHARS })}</p>
        ) : query === '' ? null : results.isPending ? (
          <p className="text-sm text-slate-600">{t('assign.searching')}</p>
        ) : results.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {msg(errorMessage(results.error))}
          </p>
        ) : results.data.length === 0 ? (
          <div className="space-y-2">
            <p className="text-sm text-slate-700">{t('assign.none')}</p>
            {typedEmail ? (
              <div className="rounded-lg border border-brand-200 bg-brand-50 p-3">
                <p className="text-sm text-slate-800">
                  {t.rich('assign.byEmail.text', {
                    email: <span className="break-all font-semibold">{typedEmail}</span>,
                    days: EMAIL_INVITE_DAYS,
                  })}
                </p>
                <button
                  type="button"
                  onClick={() => inviteEmail(typedEmail)}
                  disabled={byEmail.isPending}
                  className="mt-2 inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  {byEmail.isPending ? t('assign.byEmail.sending') : t('assign.byEmail.send')}
                </button>
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t('assign.byEmail.hint')}</p>
            )}
          </div>
        ) : (
          <ul aria-label={t('assign.results')} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {results.data.map((u) => (
              <li key={u._id} className="flex items-center justify-between gap-3 px-3 py-2">
                {/* Who the owner invites (issue 19): full name, username and the phone's last four digits. */}
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{u.fullName || u.username}</span>
                  <span className="block text-sm text-slate-600">
                    {u.username}
                    {u.maskedPhone ? (
                      <span className="ml-2">
                        <span className="sr-only">{t('assign.phoneEnding')} </span>
                        {u.maskedPhone}
                      </span>
                    ) : null}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => add(u._id)}
                  disabled={send.isPending || pending.has(u._id)}
                  aria-label={pending.has(u._id) ? t('assign.sentTo', { user: u.username }) : t('assign.addUser', { user: u.username })}
                  className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  {pending.has(u._id) ? t('assign.sent') : names('name.add')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <RoomInvites roomId={roomId} />
    </div>
  );
}
