import { NavLink } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { type AppLocale, useLocale } from '../../../lib/i18n';
import { formatDate, formatTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import type { QueueItem, TargetType } from '../api/admin';
import { useAdminT } from '../i18n';

export type AdminT = ReturnType<typeof useAdminT>;

/** "6 Sept 2026, 10:42 am"; in Hindi "6 सितंबर 2026, 22:42" (Hindi month, Latin digits, 24-hour clock). */
export const dateTime = (iso: string, locale: AppLocale, t: AdminT): string => {
  const d = new Date(iso);
  const time = formatTime(d, locale, { hour: 'numeric', minute: '2-digit' });
  return t('dateTime', { date: formatDate(d, locale), time });
};

/** `dateTime` in the page's language. */
export function useDateTime(): (iso: string) => string {
  const locale = useLocale();
  const t = useAdminT();
  return (iso) => dateTime(iso, locale, t);
}

const TARGET_TYPE_KEY = { property: 'targetType.property', room: 'targetType.room', user: 'targetType.user' } as const;
/** "Listing", "Room", "Account". */
export const targetTypeLabel = (type: TargetType, t: AdminT): string => t(TARGET_TYPE_KEY[type]);

const REASON_KEY = {
  broker: 'reason.broker',
  moneyBeforeVisit: 'reason.moneyBeforeVisit',
  fakePhotos: 'reason.fakePhotos',
  alreadyRented: 'reason.alreadyRented',
  wrongDetails: 'reason.wrongDetails',
  abusive: 'reason.abusive',
  other: 'reason.other',
} as const;
/** A report reason (the contract's REPORT_REASONS value) in the page's language; an unknown value as it is. */
export const reasonLabel = (reason: string, t: AdminT): string =>
  reason in REASON_KEY ? t(REASON_KEY[reason as keyof typeof REASON_KEY]) : reason;

/** What an action did, as the log says it (the contract's MODERATION_ACTION_LABELS in English). */
export const ACTION_LOG_KEY = { dismiss: 'log.dismiss', hide: 'log.hide', suspend: 'log.suspend', restore: 'log.restore' } as const;

const ROLE_KEY = { owner: 'role.owner', tenant: 'role.tenant', admin: 'role.admin' } as const;
/** An account's role (the contract's ROLES value) in words. */
export const roleLabel = (role: string, t: AdminT): string => (role in ROLE_KEY ? t(ROLE_KEY[role as keyof typeof ROLE_KEY]) : role);

/** The dashboard's two pages: the queue and the audit log. */
export function AdminNav() {
  const t = useAdminT();
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <nav aria-label={t('nav.label')} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      <NavLink to={PATHS.admin.root} end className={link}>
        {t('nav.queue')}
      </NavLink>
      <NavLink to={PATHS.admin.audit} className={link}>
        {t('nav.audit')}
      </NavLink>
    </nav>
  );
}

/** Hidden, suspended or gone: what has been done to a target already. */
export function TargetStatus({ target, targetType }: { target: QueueItem['target']; targetType: TargetType }) {
  const t = useAdminT();
  const marks: [string, BadgeTone][] = [];
  if (!target.exists) marks.push([t('status.gone'), 'grey']);
  if (target.hidden) marks.push([t('status.hidden'), 'red']);
  if (target.suspended) marks.push([targetType === 'user' ? t('status.suspended') : t('status.ownerSuspended'), 'red']);
  return marks.map(([text, tone]) => (
    <Badge key={text} tone={tone}>
      {text}
    </Badge>
  ));
}

/** "Broker posing as owner 2", one pill per reason, most reported first. */
export function ReasonCounts({ counts, label }: { counts: Record<string, number>; label?: string }) {
  const t = useAdminT();
  const rows = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t('reasons.none')}</p>;
  return (
    <ul aria-label={label ?? t('reasons.label')} className="flex flex-wrap gap-2">
      {rows.map(([reason, n]) => (
        <li
          key={reason}
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-sm text-amber-950 ring-1 ring-inset ring-amber-200"
        >
          {reasonLabel(reason, t)}
          <span className="rounded-full bg-white px-1.5 text-xs font-bold ring-1 ring-inset ring-amber-200">{n}</span>
        </li>
      ))}
    </ul>
  );
}
