import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

const TONES = {
  primary: 'bg-brand-700 font-semibold text-white hover:bg-brand-800',
  secondary: 'border border-slate-300 bg-white font-medium text-slate-800 hover:bg-slate-50',
  danger: 'border border-red-200 bg-white font-medium text-red-700 hover:bg-red-50',
} as const;

/** A card's small action: an icon and a short label (Edit room, Vacate, Assign Tenant), in one of three tones. */
export function ActionButton({
  icon: Icon,
  tone = 'secondary',
  children,
  ...rest
}: { icon: LucideIcon; tone?: keyof typeof TONES; children: ReactNode } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'>) {
  return (
    <button
      type="button"
      className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm disabled:cursor-not-allowed disabled:opacity-60 ${TONES[tone]}`}
      {...rest}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
    </button>
  );
}
