import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { primaryButton } from '../../../components/FormField';
import { useDashboardT } from '../i18n';

export type GuideStep = { title: string; text: string; done: boolean };

/**
 * First-run guidance (issue 11): what to do first, as numbered steps with the next one's action, instead of
 * tiles on an empty screen.
 */
export function FirstRunGuide({
  title,
  intro,
  steps,
  action,
}: {
  title: string;
  intro: string;
  steps: GuideStep[];
  action: { to: string; label: string };
}) {
  const t = useDashboardT();
  return (
    <section aria-labelledby="first-run-title" className="mb-6 rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="first-run-title" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{intro}</p>
      <ol className="mt-4 space-y-3">
        {steps.map((s, i) => (
          <li key={s.title} className="flex gap-3">
            {s.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
            )}
            <span>
              <span className={`block font-medium ${s.done ? 'text-slate-600 line-through' : 'text-slate-900'}`}>
                {t('guide.step', { n: i + 1, title: s.title })}
                {s.done ? <span className="sr-only"> {t('guide.done')}</span> : null}
              </span>
              <span className="block text-sm text-slate-600">{s.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <Link to={action.to} className={`${primaryButton} mt-5`}>
        {action.label}
      </Link>
    </section>
  );
}
