import type { LucideIcon } from 'lucide-react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';

export type Tile = {
  to: string;
  title: string;
  text: string;
  icon: LucideIcon;
  /** A count shown beside the title, and what screen readers hear after the title ("3 pending requests"). */
  badge?: { count: number; text: string };
};

/** A grid of clickable tiles for a dashboard home: compact rows on phones, cards from sm up. */
export function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <ul className={`grid gap-3 sm:grid-cols-2 sm:gap-4 ${tiles.length === 3 || tiles.length === 5 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}>
      {tiles.map(({ to, title, text, icon: Icon, badge }) => (
        <li key={title}>
          <Link
            to={to}
            className="group flex h-full items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md sm:flex-col sm:items-stretch sm:gap-0 sm:p-6"
          >
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
            <span className="flex min-w-0 flex-1 flex-col sm:mt-4">
              <span className="flex items-center justify-between text-lg font-semibold text-slate-900">
                <span className="flex items-center gap-2">
                  {title}
                  {badge && badge.count > 0 ? (
                    <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
                      <span aria-hidden="true">{badge.count}</span>
                      <span className="sr-only"> ({badge.text})</span>
                    </span>
                  ) : null}
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="h-5 w-5 shrink-0 text-slate-500 transition group-hover:translate-x-0.5 group-hover:text-brand-700"
                />
              </span>
              <span className="mt-1 text-sm text-slate-600">{text}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
