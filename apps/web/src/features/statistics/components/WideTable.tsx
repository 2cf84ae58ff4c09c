import type { ReactNode } from 'react';

/**
 * A table for screens from sm up (phones get cards instead): its frame, head and body. `numeric` columns
 * are right-aligned.
 */
export function WideTable({ columns, numeric = [], children }: { columns: string[]; numeric?: string[]; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white sm:block">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className={`px-3 py-2 font-semibold ${numeric.includes(h) ? 'text-right' : ''}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
