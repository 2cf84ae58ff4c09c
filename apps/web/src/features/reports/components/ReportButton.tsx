import { MSG } from '@kiraya/contract/messages';
import { Check, Flag } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useMsg } from '../../../lib/useMsg';
import { hasOpenReport, type ReportTarget, useMyReports } from '../api/reports';
import { useReportsT } from '../i18n';

// The form (react-hook-form, zod, the reasons) loads only when someone opens it: the property page is public and lean.
const loadDialog = () => import('./ReportDialog');
const ReportDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReportDialog })));

export type ReportButtonProps = ReportTarget & {
  /**
   * What the dialog's title names ("Report {subject}"; Hindi "{subject} की शिकायत करें", so a Hindi subject is in the
   * oblique case: "इस लिस्टिंग", "कमरा 101"): "Room 101", "Ravi Kumar". Default for a property: "this listing".
   */
  subject?: string;
  /**
   * The button's text (it reads "Reported" once the caller has an open report on the target). Default by target:
   * "Report this listing", "Report this room", "Report", in the page's language.
   */
  label?: string;
  /** The account the target belongs to (a listing's owner, the person reported): they see no button. */
  ownerId?: string;
  /** A small link-like button (room cards, a conversation's header) instead of an outlined one. */
  small?: boolean;
};

/**
 * Report (issue 26 item 1): opens the report dialog for a signed-in person; sends a visitor to sign in and back here,
 * where the dialog opens by itself (the target rides in the return path's hash). Reads "Reported" while the caller has
 * an open report on it. Not shown to the target's owner, nor to moderators.
 */
export function ReportButton({ targetType, targetId, subject, label, ownerId, small = false }: ReportButtonProps) {
  const t = useReportsT();
  const msg = useMsg();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const canReport = !!user && user.role !== 'admin' && user._id !== ownerId;
  const mine = useMyReports(canReport);
  const reported = hasOpenReport(mine.data, { targetType, targetId });
  const [open, setOpen] = useState(false);
  const anchor = `#report-${targetType}-${targetId}`;
  const reopened = useRef(false);

  // Back from sign-in: open the dialog once, unless this was reported meanwhile.
  useEffect(() => {
    if (reopened.current || !canReport || hash !== anchor || !mine.isSuccess) return;
    reopened.current = true;
    if (!reported) setOpen(true);
  }, [canReport, hash, anchor, mine.isSuccess, reported]);

  if (user && !canReport) return null;

  const onClick = () => {
    if (reported) return;
    if (!user) return void navigate(PATHS.authFor(`${pathname}${search}${anchor}`, 'report'));
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && hash === anchor) navigate({ pathname, search }, { replace: true });
  };
  const preload = () => void loadDialog();
  const Icon = reported ? Check : Flag;

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        onPointerEnter={preload}
        onFocus={preload}
        // aria-disabled rather than disabled: focus can come back here when the dialog closes.
        aria-disabled={reported || undefined}
        aria-haspopup={reported ? undefined : 'dialog'}
        className={
          small
            ? 'inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 text-sm font-medium text-slate-600 underline-offset-2 hover:text-red-800 hover:underline aria-disabled:cursor-default aria-disabled:text-slate-600 aria-disabled:no-underline'
            : 'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-800 aria-disabled:cursor-default aria-disabled:border-slate-200 aria-disabled:bg-slate-50 aria-disabled:text-slate-600'
        }
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
        {reported
          ? msg(MSG.reported)
          : (label ??
            t(targetType === 'property' ? 'button.reportListing' : targetType === 'room' ? 'button.reportRoom' : 'button.report'))}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onOpenChange={onOpenChange}
            target={{ targetType, targetId }}
            subject={subject ?? t('subject.listing')}
          />
        </Suspense>
      ) : null}
    </>
  );
}
