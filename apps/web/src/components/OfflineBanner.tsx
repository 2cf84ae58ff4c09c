import { MSG } from '@kiraya/contract/messages';
import { CloudOff } from 'lucide-react';
import { useOffline } from '../lib/offline';

const asOfFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Says when the screen shows saved answers (issue 27, ADR 035): "offline, as of <when the server gave them>",
 * and that changes wait for a connection. Nothing while the answers are fresh.
 */
export function OfflineBanner() {
  const { offline, asOf } = useOffline();
  if (!offline && !asOf) return null;
  return (
    <div role="status" className="print:hidden border-b border-amber-200 bg-amber-50 text-amber-900">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm sm:px-6">
        <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          <span className="font-semibold">{asOf ? MSG.offlineAsOf(asOfFormat.format(asOf)) : 'offline'}</span>
          {offline ? '. Changes are not possible until you are back online.' : '. Kiraya could not be reached; this is what was saved.'}
        </span>
      </p>
    </div>
  );
}
