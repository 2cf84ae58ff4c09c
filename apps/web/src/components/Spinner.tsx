import { useLocale } from '../lib/i18n';

// Suspense fallbacks show this while an area's texts load: its own two words, no catalogue (ADR 039).
const LOADING = { 'en-IN': 'Loading', 'hi-IN': 'लोड हो रहा है', 'en-XA': '⟦Loading⟧' } as const;

export function Spinner({ label }: { label?: string }) {
  const locale = useLocale();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-slate-600">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" aria-hidden="true" />
      <span>{label ?? LOADING[locale]}</span>
    </div>
  );
}
