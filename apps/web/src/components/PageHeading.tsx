import { usePageTitle } from '../lib/usePageTitle';

/** A page's h1, which also sets the document title. */
export function PageHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  usePageTitle(title);
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
    </div>
  );
}
