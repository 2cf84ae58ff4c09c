import { MSG } from '@kiraya/contract/messages';
import { PhoneIncoming } from 'lucide-react';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/format';
import { useWhoAsked } from '../api/asked';

/** The owner home's "Who asked for your number" panel (B8): tenants by username and full name, newest first. */
export function WhoAskedPanel() {
  const asked = useWhoAsked();
  return (
    <section aria-labelledby="who-asked" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="who-asked" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <PhoneIncoming aria-hidden="true" className="h-5 w-5 text-brand-700" />
        Who asked for your number
      </h2>
      {asked.isPending ? (
        <Spinner label="Loading who asked" />
      ) : asked.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {MSG.internal}
        </p>
      ) : asked.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{MSG.noOneAsked}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {asked.data.map((a) => (
            <li key={a._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5 text-sm">
              <span>
                <span className="font-semibold text-slate-900">{a.tenant.fullName}</span>{' '}
                <span className="text-slate-600">@{a.tenant.username}</span>
              </span>
              <span className="text-slate-700">
                {a.property.title}, Room {a.room.roomNumber}
              </span>
              <span className="text-slate-600">{formatDate(a.revealedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
