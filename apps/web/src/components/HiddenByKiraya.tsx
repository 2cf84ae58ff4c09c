import { MSG } from '@kiraya/contract/messages';
import { EyeOff } from 'lucide-react';
import { useMsg } from '../lib/useMsg';
import { useCommonT } from './i18n/common';

/**
 * What the owner of a listing hidden by moderators sees on it (issue 26 item 3): that it is hidden, by whom, and the
 * moderators' reason (as they wrote it). `compact` on a card, full on the listing's own page.
 */
export function HiddenByKiraya({ reason, compact = false }: { reason?: string | null; compact?: boolean }) {
  const t = useCommonT();
  const msg = useMsg();
  const title = msg(MSG.listingHidden);
  return (
    <div
      role="note"
      aria-label={title}
      className={`flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 text-red-900 ${compact ? 'px-3 py-2 text-sm' : 'mb-6 p-4'}`}
    >
      <EyeOff aria-hidden="true" className={`${compact ? 'mt-0.5 h-4 w-4' : 'mt-0.5 h-5 w-5'} shrink-0`} />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="break-words">
          {compact ? null : <>{t('hidden.notFound')} </>}
          {reason ? t.rich('hidden.reason', { reason: <span className="whitespace-pre-line">{reason}</span> }) : null}
        </p>
        {compact ? null : <p className="mt-1 text-sm">{t('hidden.support')}</p>}
      </div>
    </div>
  );
}
