import { REPORT_REASON_LABELS, type ReportReason } from '@kiraya/contract/moderation';
import { NavLink } from 'react-router-dom';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import type { QueueItem, TargetType } from '../api/admin';

/** "6 Sept 2026, 10:42 am". */
export const dateTime = (iso: string): string => {
  const d = new Date(iso);
  return `${formatDate(d)}, ${d.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })}`;
};

export const TARGET_TYPE_LABEL: Record<TargetType, string> = { property: 'Listing', room: 'Room', user: 'Account' };

export const reasonLabel = (reason: string): string => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;

/** The dashboard's two pages: the queue and the audit log. */
export function AdminNav() {
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <nav aria-label="Moderation" className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      <NavLink to={PATHS.admin.root} end className={link}>
        Report queue
      </NavLink>
      <NavLink to={PATHS.admin.audit} className={link}>
        Audit log
      </NavLink>
    </nav>
  );
}

/** Hidden, suspended or gone: what has been done to a target already. */
export function TargetStatus({ target, targetType }: { target: QueueItem['target']; targetType: TargetType }) {
  const marks: [string, BadgeTone][] = [];
  if (!target.exists) marks.push(['No longer exists', 'grey']);
  if (target.hidden) marks.push(['Hidden', 'red']);
  if (target.suspended) marks.push([targetType === 'user' ? 'Suspended' : 'Owner suspended', 'red']);
  return marks.map(([text, tone]) => (
    <Badge key={text} tone={tone}>
      {text}
    </Badge>
  ));
}

/** "Broker posing as owner 2", one pill per reason, most reported first. */
export function ReasonCounts({ counts, label = 'Reports by reason' }: { counts: Record<string, number>; label?: string }) {
  const rows = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  if (rows.length === 0) return <p className="text-sm text-slate-600">No reports</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {rows.map(([reason, n]) => (
        <li
          key={reason}
          className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-sm text-amber-950 ring-1 ring-inset ring-amber-200"
        >
          {reasonLabel(reason)}
          <span className="rounded-full bg-white px-1.5 text-xs font-bold ring-1 ring-inset ring-amber-200">{n}</span>
        </li>
      ))}
    </ul>
  );
}
