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
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Search Tenant" size="lg">
      <SearchBody roomId={roomId} roomRent={roomRent} />
    </Modal>
  );
}

const stepHeading = 'mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600';

function SearchBody({ roomId, roomRent }: { roomId: string; roomRent: number }) {
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
            onSuccess: () => toast.success(MSG.requestSent),
            onError: (e) => {
              if (!applyTermsErrors(e, form.setError, 'terms.')) toast.error(sendFailureText(e));
            },
          },
        ),
      () => toast.error('Check the lease terms first.'),
    )();

  // Nobody found (issue 25): an email address typed can be invited by email, with the same terms.
  const inviteEmail = (email: string) =>
    void form.handleSubmit(
      (values) =>
        byEmail.mutate(
          { email, terms: termsInputOf(values) },
          {
            onSuccess: (r) => toast.success(r.via === 'account' ? MSG.emailInviteToAccount : MSG.emailInviteSent(email.toLowerCase())),
            onError: (e) => {
              if (!applyTermsErrors(e, form.setError, 'terms.')) toast.error(sendFailureText(e));
            },
          },
        ),
      () => toast.error('Check the lease terms first.'),
    )();
  const typedEmail = EMAIL_RE.test(query) ? query : null;

  return (
    <div>
      <section aria-labelledby={`${inputId}-terms`} className="mb-5">
        <h3 id={`${inputId}-terms`} className={stepHeading}>
          1. Lease terms
        </h3>
        <LeaseTermsFields form={form} />
      </section>
      <h3 className={stepHeading}>2. Invite a tenant</h3>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        Find a tenant
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search by username, phone number or email"
          maxLength={100}
          className={`${compactFieldClass} pl-9`}
        />
      </div>
      <div className="mt-4" aria-live="polite">
        {tooShort ? (
          <p className="text-sm text-slate-700">
            Type at least {SEARCH_MIN_CHARS} characters of a username, or a full phone number or email.
          </p>
        ) : query === '' ? null : results.isPending ? (
          <p className="text-sm text-slate-600">Searching…</p>
        ) : results.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errorMessage(results.error)}
          </p>
        ) : results.data.length === 0 ? (
          <div className="space-y-2">
            <p className="text-sm text-slate-700">Search Results not found</p>
            {typedEmail ? (
              <div className="rounded-lg border border-brand-200 bg-brand-50 p-3">
                <p className="text-sm text-slate-800">
                  Not on Kiraya yet? Invite <span className="break-all font-semibold">{typedEmail}</span> by email: they sign up from the
                  link and find this invitation in Requests. The link works for {EMAIL_INVITE_DAYS} days.
                </p>
                <button
                  type="button"
                  onClick={() => inviteEmail(typedEmail)}
                  disabled={byEmail.isPending}
                  className="mt-2 inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  <Mail aria-hidden="true" className="h-4 w-4" />
                  {byEmail.isPending ? 'Sending…' : 'Invite by email'}
                </button>
              </div>
            ) : (
              <p className="text-sm text-slate-600">Not on Kiraya yet? Type their full email address to invite them by email.</p>
            )}
          </div>
        ) : (
          <ul aria-label="Search results" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {results.data.map((u) => (
              <li key={u._id} className="flex items-center justify-between gap-3 px-3 py-2">
                {/* Who the owner invites (issue 19): full name, username and the phone's last four digits. */}
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{u.fullName || u.username}</span>
                  <span className="block text-sm text-slate-600">
                    {u.username}
                    {u.maskedPhone ? (
                      <span className="ml-2">
                        <span className="sr-only">phone ending </span>
                        {u.maskedPhone}
                      </span>
                    ) : null}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => add(u._id)}
                  disabled={send.isPending || pending.has(u._id)}
                  aria-label={pending.has(u._id) ? `Request sent to ${u.username}` : `Add ${u.username}`}
                  className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                >
                  {pending.has(u._id) ? 'Sent' : 'Add'}
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
