import { daysBetween } from '@kiraya/contract/calendar';
import { todayInIndia } from '@kiraya/contract/dates';
import {
  dayAfter,
  LEASE_END_NOTICE_DAYS,
  percentToBp,
  type ProposeRenewalBody,
  proposeRenewalBodySchema,
  RENEWAL_WINDOW_DAYS,
  renewalRentPaise,
  termEndOf,
} from '@kiraya/contract/leases';
import { MSG } from '@kiraya/contract/messages';
import { formatPaise, paiseToRupees } from '@kiraya/contract/money';
import { CalendarClock, FileText, Pencil } from 'lucide-react';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
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
import { formatLongDate, monthInWords } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { type Lease, useEditLeaseTerms, useLease, useProposeRenewal, useRenewalAction, useSetAutoRent } from '../api/leases';
import { useLeasesT } from '../i18n';

/**
 * A room's lease (issue 22) as both sides see it: the terms in force, the term's end, a change that applies
 * later, and whether Kiraya raises the Rent Bills. The owner (`viewer="owner"`) edits future terms and
 * switches automatic rent off and on. Nothing shows when the room has no current tenancy. `level` is its heading's:
 * 2 straight under a page's h1 (the tenant's room), 3 inside a room card (ADR 044).
 */
export function LeasePanel({ roomId, viewer, level = 3 }: { roomId: string; viewer: 'owner' | 'tenant'; level?: 2 | 3 }) {
  const t = useLeasesT();
  const msg = useMsg();
  const locale = useLocale();
  const lease = useLease(roomId);
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const Heading = level === 2 ? 'h2' : 'h3';
  if (lease.isPending) return <p className="text-sm text-slate-600">{t('panel.loading')}</p>;
  if (lease.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {msg(errorMessage(lease.error))}
      </p>
    );
  const l = lease.data;
  if (!l) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <FileText aria-hidden="true" className="h-5 w-5 text-slate-600" />
          {t('panel.title')}
        </Heading>
        {viewer === 'owner' ? (
          <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('panel.edit')}
          </button>
        ) : null}
      </div>
      <LeaseEnd lease={l} viewer={viewer} level={level === 2 ? 3 : 4} />
      <LeaseTermsList
        terms={l.terms}
        // After a renewal the agreed end is the new term's: the terms in force keep their own.
        termEndsOn={termEndOf(l.terms.startDate, l.terms.termMonths)}
        label={t('panel.inForce')}
      />
      {l.upcoming ? (
        <div className="mt-4 rounded-lg bg-sky-50 p-3">
          <p className="mb-2 text-sm font-semibold text-sky-900">
            {t('panel.upcomingFrom', { month: monthInWords(l.upcoming.from, locale) })}
          </p>
          <LeaseTermsList terms={l.upcoming.terms} label={t('panel.upcoming')} />
        </div>
      ) : null}
      <AutoRent lease={l} viewer={viewer} />
      {viewer === 'owner' && editing ? <EditLeaseTermsDialog lease={l} open={editing} onOpenChange={setEditing} /> : null}
    </section>
  );
}

function AutoRent({ lease, viewer }: { lease: Lease; viewer: 'owner' | 'tenant' }) {
  const t = useLeasesT();
  const msg = useMsg();
  const toggle = useSetAutoRent(lease.roomId);
  const id = useId();
  if (viewer === 'tenant')
    return <p className="mt-4 text-sm text-slate-700">{lease.autoRent ? t('auto.tenantOn') : t('auto.tenantOff')}</p>;
  const flip = () =>
    toggle.mutate(!lease.autoRent, {
      onSuccess: (l) => toast.success(msg(l.autoRent ? MSG.autoRentOn : MSG.autoRentOff)),
      onError: (e) => toast.error(msg(errorMessage(e))),
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
          {t('auto.label')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {lease.autoRent ? t('auto.on') : t('auto.off')}
        </p>
      </div>
    </div>
  );
}

/** Edit lease terms: the form of Assign Tenant without the start date; the change applies from the next cycle. */
export function EditLeaseTermsDialog({ lease, open, onOpenChange }: { lease: Lease; open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useLeasesT();
  const msg = useMsg();
  const locale = useLocale();
  const edit = useEditLeaseTerms(lease.roomId);
  const form = useForm<LeaseTermsForm>({
    // An upcoming change the owner made is what they edit further; an accepted renewal's terms stay as agreed.
    defaultValues: termsFormOf(
      lease.upcoming && !(lease.renewal?.status === 'accepted' && lease.renewal.effectiveFrom === lease.upcoming.from)
        ? lease.upcoming.terms
        : lease.terms,
    ),
    resolver: contractResolver(editTermsSchema),
  });
  const submit = form.handleSubmit((values) =>
    edit.mutate(editTermsInputOf(values), {
      onSuccess: (l) => {
        toast.success(msg(MSG.leaseTermsSaved(monthInWords(l.upcoming?.from ?? l.termsFrom, locale))));
        onOpenChange(false);
      },
      onError: (e) => {
        if (!applyTermsErrors(e, form.setError)) toast.error(msg(errorMessage(e)));
      },
    }),
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('edit.title')} size="lg" busy={edit.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p role="note" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {t('edit.note')}
        </p>
        <LeaseTermsFields form={form} withStart={false} />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={edit.isPending}>
            {edit.isPending ? t('edit.saving') : t('edit.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Whole days from `a` to `b` (YYYY-MM-DD). */

/**
 * The lease's end (issue 22 item 5): "Term ends on …", a scheduled move-out, the renewal proposed (both sides;
 * Accept / Decline for the tenant, Withdraw for the owner), and within 60 days of the end, Renew and Let it end
 * for the owner.
 */
function LeaseEnd({ lease, viewer, level }: { lease: Lease; viewer: 'owner' | 'tenant'; level: 3 | 4 }) {
  const t = useLeasesT();
  const msg = useMsg();
  const locale = useLocale();
  const day = (iso: string) => formatLongDate(iso, locale);
  const [renewing, setRenewing] = useState(false);
  const [ending, setEnding] = useState(false);
  const letEnd = useRenewalAction(lease.roomId, 'letLeaseEnd');
  const today = todayInIndia();
  const end = lease.termEndsOn;
  const left = daysBetween(today, end);
  const r = lease.renewal;
  const open = r?.status === 'open' ? r : null;
  // A lapsed term runs on month to month (ADR 041): it can still be renewed or let end.
  const canAct = viewer === 'owner' && !lease.leavingOn && !open && left <= RENEWAL_WINDOW_DAYS;
  const confirmEnd = () =>
    letEnd.mutate(undefined, {
      onSuccess: (l) => {
        toast.success(msg(MSG.leaseEndScheduled(day(l.leavingOn ?? end))));
        setEnding(false);
      },
      onError: (e) => toast.error(msg(errorMessage(e))),
    });
  return (
    <div className="mb-4 space-y-3">
      <div
        className={`flex flex-wrap items-center justify-between gap-3 rounded-lg p-3 ${left >= 0 && left <= LEASE_END_NOTICE_DAYS && !lease.leavingOn ? 'bg-amber-50' : 'bg-slate-50'}`}
      >
        <p className="flex items-center gap-2 text-sm text-slate-900">
          <CalendarClock aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-600" />
          <span>
            <span className="font-semibold">{t('end.termEnds', { date: day(end) })}</span>
            {left > 0 ? t('end.in', { count: left }) : left === 0 ? t('end.today') : t('end.over')}
          </span>
        </p>
        {canAct ? (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={`${primaryButton} px-3 py-1.5 text-sm`} onClick={() => setRenewing(true)}>
              {t('end.renew')}
            </button>
            <button type="button" className={`${secondaryButton} px-3 py-1.5 text-sm`} onClick={() => setEnding(true)}>
              {t('end.letEnd')}
            </button>
          </div>
        ) : null}
      </div>
      {lease.leavingOn ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t.rich('end.moveOut', { date: <span className="font-semibold">{day(lease.leavingOn)}</span> })}
        </p>
      ) : null}
      {open ? <RenewalProposal lease={lease} viewer={viewer} level={level} /> : null}
      {r?.status === 'accepted' && r.effectiveFrom ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t('end.renewed', {
            start: day(r.terms.startDate),
            end: day(r.endsOn),
            rent: formatPaise(r.terms.rent),
            month: monthInWords(r.effectiveFrom, locale),
          })}
        </p>
      ) : null}
      {r?.status === 'declined' && viewer === 'owner' && !lease.leavingOn ? (
        <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {r.decidedAt ? t('end.declinedOn', { date: day(r.decidedAt.slice(0, 10)) }) : t('end.declined')}
        </p>
      ) : null}
      {renewing ? <RenewLeaseDialog lease={lease} open={renewing} onOpenChange={setRenewing} /> : null}
      <ConfirmDialog
        open={ending}
        onOpenChange={setEnding}
        onConfirm={confirmEnd}
        busy={letEnd.isPending}
        title={t('end.confirmTitle')}
        text={
          lease.terms.noticeMonths > 0
            ? t('end.confirmTextNotice', { date: day(end), months: lease.terms.noticeMonths })
            : t('end.confirmText', { date: day(end) })
        }
        confirmLabel={t('end.letEnd')}
        busyLabel={t('end.scheduling')}
      />
    </div>
  );
}

/** The open proposal as both sides read it: the tenant accepts or declines, the owner may withdraw it. */
function RenewalProposal({ lease, viewer, level }: { lease: Lease; viewer: 'owner' | 'tenant'; level: 3 | 4 }) {
  const t = useLeasesT();
  const msg = useMsg();
  const locale = useLocale();
  const r = lease.renewal;
  const accept = useRenewalAction(lease.roomId, 'acceptRenewal');
  const decline = useRenewalAction(lease.roomId, 'declineRenewal');
  const withdraw = useRenewalAction(lease.roomId, 'withdrawRenewal');
  const headingId = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  if (!r) return null;
  const busy = accept.isPending || decline.isPending || withdraw.isPending;
  const run = (m: typeof accept, done: (l: Lease) => string) =>
    m.mutate(undefined, { onSuccess: (l) => toast.success(msg(done(l))), onError: (e) => toast.error(msg(errorMessage(e))) });
  const terms = {
    months: r.terms.termMonths,
    start: formatLongDate(r.terms.startDate, locale),
    end: formatLongDate(r.endsOn, locale),
    rent: formatPaise(r.terms.rent),
  };
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-sky-200 bg-sky-50 p-3">
      <Heading id={headingId} className="mb-1 font-semibold text-sky-900">
        {t('proposal.title')}
      </Heading>
      <p className="mb-3 text-sm text-sky-900">{viewer === 'tenant' ? t('proposal.tenant', terms) : t('proposal.owner', terms)}</p>
      <LeaseTermsList terms={r.terms} termEndsOn={r.endsOn} label={t('proposal.terms')} />
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        {viewer === 'tenant' ? (
          <>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => run(decline, () => MSG.renewalDeclined)}>
              {t('proposal.decline')}
            </button>
            <button
              type="button"
              className={primaryButton}
              disabled={busy}
              onClick={() => run(accept, (l) => MSG.renewalAccepted(formatLongDate(l.termEndsOn, locale)))}
            >
              {accept.isPending ? t('proposal.accepting') : t('proposal.accept')}
            </button>
          </>
        ) : (
          <button type="button" className={secondaryButton} disabled={busy} onClick={() => run(withdraw, () => MSG.renewalWithdrawn)}>
            {t('proposal.withdraw')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The renewal form's values as the contract's body: the edit's fields without the due day. */
export function renewalInputOf(v: LeaseTermsForm): ProposeRenewalBody {
  const { rentDueDay: _dueDay, ...rest } = editTermsInputOf(v) as Record<string, unknown>;
  return rest as ProposeRenewalBody;
}
const renewalSchema = z
  .custom<LeaseTermsForm>(() => true)
  .transform(renewalInputOf)
  .pipe(proposeRenewalBodySchema);

/**
 * Renew: the next term from the day after this one ends. Defaults: the same months and terms, the rent in force
 * with the yearly increment applied, rounded to the rupee (the contract's `renewalRentPaise`, as the server's).
 */
export function RenewLeaseDialog({ lease, open, onOpenChange }: { lease: Lease; open: boolean; onOpenChange: (o: boolean) => void }) {
  const t = useLeasesT();
  const msg = useMsg();
  const locale = useLocale();
  const propose = useProposeRenewal(lease.roomId);
  const base = lease.upcoming?.terms ?? lease.terms;
  const start = dayAfter(lease.termEndsOn);
  const form = useForm<LeaseTermsForm>({
    defaultValues: {
      ...termsFormOf(base),
      // A rent the owner already scheduled is what will be in force: kept as set (ADR 041), not raised again.
      rent: String(
        paiseToRupees(lease.upcoming ? lease.upcoming.terms.rent : renewalRentPaise(lease.rentInForce, percentToBp(base.incrementPercent))),
      ),
    },
    resolver: contractResolver(renewalSchema),
  });
  const months = Number(form.watch('termMonths'));
  const ends = Number.isInteger(months) && months >= 1 && months <= 120 ? termEndOf(start, months) : null;
  const submit = form.handleSubmit((values) =>
    propose.mutate(renewalInputOf(values), {
      onSuccess: () => {
        toast.success(msg(MSG.renewalProposed));
        onOpenChange(false);
      },
      onError: (e) => {
        if (!applyTermsErrors(e, form.setError)) toast.error(msg(errorMessage(e)));
      },
    }),
  );
  const note = { start: formatLongDate(start, locale), rent: formatPaise(lease.rentInForce) };
  // A lapsed term (month to month): the server starts the new term with the first month not yet billed.
  const lapsed = start <= todayInIndia();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('renew.title')} size="lg" busy={propose.isPending}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p role="note" className="rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900">
          {lapsed
            ? t('renew.noteLapsed', { end: formatLongDate(lease.termEndsOn, locale), rent: note.rent })
            : ends
              ? t('renew.noteEnds', { ...note, end: formatLongDate(ends, locale) })
              : t('renew.note', note)}
        </p>
        <LeaseTermsFields form={form} withStart={false} withDueDay={false} />
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={primaryButton} disabled={propose.isPending}>
            {propose.isPending ? t('renew.sending') : t('renew.propose')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
