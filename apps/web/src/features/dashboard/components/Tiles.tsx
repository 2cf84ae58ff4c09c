import type { LucideIcon } from 'lucide-react';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';

export type Tile = { to: string; title: string; text: string; icon: LucideIcon };

/** A grid of large clickable tiles for a dashboard home. */
export function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${tiles.length === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}>
      {tiles.map(({ to, title, text, icon: Icon }) => (
        <li key={title}>
          <Link
            to={to}
            className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <Icon aria-hidden="true" className="h-6 w-6" />
            </span>
            <span className="mt-4 flex items-center justify-between text-lg font-semibold text-slate-900">
              {title}
              <ChevronRight
                aria-hidden="true"
                className="h-5 w-5 text-slate-500 transition group-hover:translate-x-0.5 group-hover:text-brand-700"
              />
            </span>
            <span className="mt-1 text-sm text-slate-600">{text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
