import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'grey' | 'brand' | 'blue';

/** Tones with AA contrast (text 700-900 on a 100 background). */
export const BADGE_TONE_CLASS: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-100',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
};

/** A small status pill. */
export function Badge({ tone = 'grey', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${BADGE_TONE_CLASS[tone]}`}
    >
      {children}
    </span>
  );
}
