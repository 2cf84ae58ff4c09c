import { MSG } from '@kiraya/contract/messages';
import { CloudOff } from 'lucide-react';
import { useOffline } from '../lib/offline';
import { useLocale } from '../lib/i18n';
import { useMsg } from '../lib/useMsg';
import { useCommonT } from './i18n/common';

/** "28 Nov 2026, 3:30 pm"; in Hindi "28 नवंबर 2026, 15:30" (the full month and the 24-hour clock, ADR 045). */
const asOfFormat = (locale: string) =>
  locale === 'hi-IN'
    ? new Intl.DateTimeFormat('hi-IN-u-nu-latn', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        hourCycle: 'h23',
      })
    : new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Says when the screen shows saved answers (issue 27, ADR 035): "offline, as of <when the server gave them>",
 * and that changes wait for a connection. Nothing while the answers are fresh.
 */
export function OfflineBanner() {
  const { offline, asOf } = useOffline();
  const t = useCommonT();
  const msg = useMsg();
  const locale = useLocale();
  if (!offline && !asOf) return null;
  return (
    <div role="status" className="print:hidden border-b border-amber-200 bg-amber-50 text-amber-900">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm sm:px-6">
        <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          {t.rich(offline ? 'offline.noChanges' : 'offline.saved', {
            state: (
              <span className="font-semibold">{asOf ? msg(MSG.offlineAsOf(asOfFormat(locale).format(asOf))) : t('offline.word')}</span>
            ),
          })}
        </span>
      </p>
    </div>
  );
}
