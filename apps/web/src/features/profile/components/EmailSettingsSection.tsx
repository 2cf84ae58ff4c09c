import { type EMAIL_CATEGORIES, emailCategoriesOffered, MSG } from '@kiraya/contract';
import { Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api';
import { useMsg } from '../../../lib/useMsg';
import { useEmailPrefs, useUpdateEmailPrefs } from '../api/profile';
import { useProfileT } from '../i18n';

/**
 * Profile's email settings (issue 25): each category on or off; security emails are always sent. Owners also
 * get the daily summary switch (ADR 036).
 */
export function EmailSettingsSection({ userRole }: { userRole: string }) {
  const t = useProfileT();
  const msg = useMsg();
  const prefs = useEmailPrefs();
  const update = useUpdateEmailPrefs();
  // What the user just chose, shown in the same render as the click (the query's optimistic update lands a
  // tick later, and a controlled box would flick back in between); dropped whenever the query's data changes
  // (the optimistic update itself, the server's answer, or the old value put back after a refusal).
  const [chosen, setChosen] = useState<Partial<Record<(typeof EMAIL_CATEGORIES)[number], boolean>>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data's identity is the signal to drop the choice
  useEffect(() => setChosen({}), [prefs.data]);
  return (
    <section aria-labelledby="email-settings" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 id="email-settings" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Mail aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {t('email.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('email.security')}</p>
      {prefs.data ? (
        <ul className="mt-4 space-y-3">
          {emailCategoriesOffered(userRole).map((c) => (
            <li key={c}>
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4 accent-brand-700"
                  checked={chosen[c] ?? prefs.data[c]}
                  onChange={(e) => {
                    const on = e.target.checked;
                    setChosen((was) => ({ ...was, [c]: on }));
                    update.mutate(
                      { [c]: on },
                      {
                        onSuccess: () => toast.success(msg(MSG.emailPrefsSaved)),
                        onError: (err) => toast.error(msg(err instanceof ApiError && err.status > 0 ? err.message : MSG.unexpected)),
                      },
                    );
                  }}
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{t(`emailCategory.${c}.label`)}</span>
                  <span className="block text-xs text-slate-600">{t(`emailCategory.${c}.hint`)}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : prefs.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {msg(MSG.unexpected)}
        </p>
      ) : null}
    </section>
  );
}
