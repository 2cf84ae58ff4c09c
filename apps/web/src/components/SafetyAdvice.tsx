import { ShieldAlert, TriangleAlert } from 'lucide-react';
import { useSharedT } from './i18n';

/**
 * The contract's SAFETY_ADVICE (`@kiraya/contract/moderation`) is the shared catalogue's `safety.advice`, word for
 * word in English. That module builds zod schemas at load time, and importing it from here put zod (26 KB gzip)
 * into the public property page, which stays zod-free (ADR 008, 015): SafetyAdvice.test.tsx checks the two stay equal.
 */

/**
 * The advice against paying before a visit (issue 26 item 5): a small callout on the property page (server-rendered,
 * so zod-free) and in a new conversation. `compact` is the inline form used inside a conversation.
 */
export function SafetyAdvice({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const t = useSharedT();
  return (
    <aside
      aria-label={t('safety.label')}
      className={`flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 text-amber-950 ${compact ? 'px-3 py-2 text-sm' : 'p-4 text-sm'} ${className}`}
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
      <p>
        <strong className="font-semibold">{t('safety.staySafe')} </strong>
        {t('safety.sentence', { advice: t('safety.advice') })}
      </p>
    </aside>
  );
}

/**
 * The mark on a message that asks for money by UPI or a link from an owner with no tenancy for this tenant: a word
 * and an icon, not colour alone, with the same advice.
 */
export function MoneyWarning() {
  const t = useSharedT();
  return (
    <p className="mt-2 flex items-start gap-1.5 rounded-lg border border-red-300 bg-red-50 px-2 py-1.5 text-xs text-red-900">
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-3.5 w-3.5 shrink-0" />
      <span>
        <strong className="font-semibold">{t('safety.moneyWarning')} </strong>
        {t('safety.sentence', { advice: t('safety.advice') })}
      </span>
    </p>
  );
}
