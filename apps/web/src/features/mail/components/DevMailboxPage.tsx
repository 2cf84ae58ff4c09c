import { useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { type AppLocale, useLocale } from '../../../lib/i18n';
import { useMsg } from '../../../lib/useMsg';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useDevMailbox } from '../api/mail';
import { useMailT } from '../i18n';

/** "1 Feb 2026, 3:30 pm" / "1 फ़रवरी 2026, 15:30" (Latin digits, the 24-hour clock in Hindi: ADR 045), India's time. */
const when = (iso: string, locale: AppLocale) =>
  new Intl.DateTimeFormat(locale === 'hi-IN' ? 'hi-IN-u-nu-latn' : 'en-IN', {
    dateStyle: locale === 'hi-IN' ? 'long' : 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
    ...(locale === 'hi-IN' ? { hourCycle: 'h23' as const } : {}),
  }).format(new Date(iso));

/**
 * /dev/mailbox (issue 25): with no SMTP configured, the emails Kiraya "sent": the latest 50, newest first, and
 * the chosen one's HTML in a sandboxed frame (no scripts, no same-origin access). 404 on a configured server.
 */
export function DevMailboxPage() {
  const t = useMailT();
  const msg = useMsg();
  const locale = useLocale();
  usePageTitle(t('mailbox.title'));
  const box = useDevMailbox();
  const [chosen, setChosen] = useState<string | null>(null);
  if (box.isPending) return <Spinner label={t('mailbox.loading')} />;
  if (box.isError)
    return (
      <div className="mx-auto max-w-2xl py-8">
        <h1 className="text-2xl font-bold text-slate-900">{t('mailbox.title')}</h1>
        <p role="alert" className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-slate-700">
          {box.error instanceof ApiError && box.error.status === 404 ? t('mailbox.none') : msg(box.error.message)}
        </p>
      </div>
    );
  const mails = box.data;
  const open = mails.find((m) => m._id === chosen) ?? mails[0];
  return (
    <div className="mx-auto max-w-6xl py-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('mailbox.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('mailbox.intro')}</p>
      {mails.length === 0 ? (
        <p className="mt-6 rounded-lg bg-slate-100 px-3 py-4 text-slate-700">{t('mailbox.empty')}</p>
      ) : (
        <div className="mt-4 grid gap-4 lg:grid-cols-[22rem_1fr]">
          <ul
            aria-label={t('mailbox.list')}
            className="max-h-[70vh] divide-y divide-slate-200 overflow-auto rounded-xl border border-slate-200 bg-white"
          >
            {mails.map((m) => (
              <li key={m._id}>
                <button
                  type="button"
                  aria-current={open?._id === m._id}
                  onClick={() => setChosen(m._id)}
                  className={`block w-full px-3 py-2 text-left ${open?._id === m._id ? 'bg-brand-50' : 'hover:bg-slate-50'}`}
                >
                  <span className="block truncate text-sm font-semibold text-slate-900">
                    {m.channel === 'sms' ? (
                      <span className="mr-1.5 rounded bg-blue-100 px-1.5 text-xs text-blue-800">{t('mailbox.sms')}</span>
                    ) : null}
                    {m.subject}
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    {t(m.channel === 'sms' ? 'mailbox.smsTo' : 'mailbox.emailTo', { to: m.to, when: when(m.sentAt, locale) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {open?.channel === 'sms' ? (
            <article aria-label={t('mailbox.sms')} className="rounded-xl border border-slate-200 bg-white p-3">
              <h2 className="text-lg font-semibold text-slate-900">{t('mailbox.smsHeading', { to: open.to })}</h2>
              <p className="text-sm text-slate-600">{when(open.sentAt, locale)}</p>
              <p className="mt-3 max-w-sm rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-900">{open.text}</p>
            </article>
          ) : open ? (
            <article aria-label={t('mailbox.emailLabel')} className="rounded-xl border border-slate-200 bg-white p-3">
              <h2 className="text-lg font-semibold text-slate-900">{open.subject}</h2>
              <p className="text-sm text-slate-600">{t('mailbox.emailTo', { to: open.to, when: when(open.sentAt, locale) })}</p>
              <iframe
                title={t('mailbox.frame', { subject: open.subject })}
                sandbox=""
                srcDoc={open.html}
                className="mt-3 h-[60vh] w-full rounded border border-slate-200"
              />
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-medium text-slate-700">{t('mailbox.plain')}</summary>
                <pre className="mt-2 whitespace-pre-wrap text-sm text-slate-800">{open.text}</pre>
              </details>
            </article>
          ) : null}
        </div>
      )}
    </div>
  );
}
