import { useEffect, useId, useRef, useState } from 'react';
import { useLocale } from '../../../lib/i18n';
import { useStatsT } from '../i18n';

/**
 * Small accessible SVG charts (ADR 020): no chart library. Each chart is a <figure> with a visible title,
 * axis labels in ₹ (the page's language: ₹1.5L, ₹1.5 लाख, Latin digits), an SVG that screen readers skip,
 * and a visually hidden table with the same numbers. The SVG scales to its container (viewBox), so it works
 * from 390 px up.
 */
const compactOptions = {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
} as const;
const compact = new Intl.NumberFormat('en-IN', compactOptions);
let compactHi: Intl.NumberFormat | undefined;
const full = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const isHindi = (locale?: string) => locale?.startsWith('hi') === true;
/** ₹12K, ₹1.5L, ₹3Cr: axis labels. */
export const axisRupees = (n: number): string => compact.format(n);
/** The axis labels in a language: Hindi writes ₹12 हज़ार, ₹1.5 लाख, ₹3 क॰ (Latin digits). */
export const axisRupeesIn = (locale?: string): ((n: number) => string) => {
  if (!isHindi(locale)) return axisRupees;
  compactHi ??= new Intl.NumberFormat('hi-IN-u-nu-latn', compactOptions);
  const hi = compactHi;
  return (n) => hi.format(n);
};
export const fullRupees = (n: number): string => full.format(n);
const count = (n: number) => String(n);

/**
 * The axis ticks: a round step (1, 2 or 5 × 10^k) giving at most five ticks from 0 to at or above `max`,
 * so the axis reads ₹0, ₹5K, ₹10K, ₹15K rather than ₹6.3K and ₹12.5K (issue 19).
 */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * p >= raw) ?? 10) * p;
  const top = Math.ceil(max / step - 1e-9) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

export type Series = { name: string; color: string; values: number[] };

type BarChartProps = {
  title: string;
  description?: string;
  /** X labels, one per group (e.g. "Nov 2026"). */
  labels: string[];
  series: Series[];
  /** Bars of one group stacked (tenant spending by type) or side by side (billed vs collected). */
  stacked?: boolean;
  unit?: 'rupees' | 'count';
  yLabel?: string;
  /** Shown instead of the plot when every value is zero. */
  empty?: string;
};

const H = 260;

/** The width the chart is drawn at: its container's, so text stays readable from 390 px up. */
function useWidth(initial = 640) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => {
      const w = Math.round(entry?.contentRect.width ?? 0);
      if (w > 0) setWidth(Math.max(260, w));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}
const PAD = { top: 12, right: 8, bottom: 40, left: 56 };
/** Hindi's axis labels are wider (₹15 हज़ार): the plot starts further right. */
const PAD_LEFT_HI = 76;

export function BarChart({ title, description, labels, series, stacked = false, unit = 'rupees', yLabel, empty }: BarChartProps) {
  const id = useId();
  const t = useStatsT();
  const locale = useLocale();
  const { ref, width: W } = useWidth();
  const allZero = series.every((s) => s.values.every((v) => v <= 0));
  const fmtAxis = unit === 'rupees' ? axisRupeesIn(locale) : count;
  const PAD_X = { ...PAD, left: unit === 'rupees' && isHindi(locale) ? PAD_LEFT_HI : PAD.left };
  const fmtFull = unit === 'rupees' ? fullRupees : count;
  const totals = labels.map((_, i) => series.reduce((s, se) => s + (se.values[i] ?? 0), 0));
  const ticks = axisTicks(stacked ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((s) => s.values)));
  const max = ticks[ticks.length - 1] ?? 1;
  const innerW = W - PAD_X.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const groupW = innerW / Math.max(1, labels.length);
  const barW = stacked ? groupW * 0.6 : (groupW * 0.75) / Math.max(1, series.length);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  // As many month labels as fit (about 44 px each): every month on a wide chart, every 2nd or 3rd on a phone.
  const every = Math.max(1, Math.ceil((labels.length * 44) / innerW));
  // Labels shown (the latest month always), and the year under the first shown label of each year.
  const shown = new Set(labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % every === 0));
  const yearAt = new Set<number>();
  let lastYear = '';
  for (const i of [...shown].sort((a, b) => a - b)) {
    const year = labels[i]?.split(' ')[1] ?? '';
    if (year !== lastYear) yearAt.add(i);
    lastYear = year;
  }

  return (
    <figure className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} className="text-base font-semibold text-slate-900">
        {title}
      </figcaption>
      {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className="inline-flex items-center gap-1.5">
            <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: s.color }} />
            {s.name}
          </li>
        ))}
      </ul>
      <div ref={ref} className="mt-2 w-full min-w-0">
        {allZero && empty ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">{empty}</p>
        ) : (
          <svg
            viewBox={`0 0 ${W} ${H}`}
            width={W}
            height={H}
            className="block h-auto max-w-full"
            aria-hidden="true"
            focusable="false"
            role="presentation"
          >
            {yLabel ? (
              <text
                x={12}
                y={PAD.top + innerH / 2}
                transform={`rotate(-90 12 ${PAD.top + innerH / 2})`}
                textAnchor="middle"
                fontSize="12"
                fill="#475569"
              >
                {yLabel}
              </text>
            ) : null}
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={PAD_X.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
                <text x={PAD_X.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="12" fill="#475569">
                  {fmtAxis(tick)}
                </text>
              </g>
            ))}
            {labels.map((label, i) => {
              const gx = PAD_X.left + i * groupW;
              let stackTop = 0;
              return (
                <g key={label}>
                  {series.map((s, k) => {
                    const v = s.values[i] ?? 0;
                    if (v <= 0) return null;
                    if (stacked) {
                      const top = stackTop + v;
                      const rect = (
                        <rect
                          key={s.name}
                          x={gx + (groupW - barW) / 2}
                          y={y(top)}
                          width={barW}
                          height={y(stackTop) - y(top)}
                          fill={s.color}
                        />
                      );
                      stackTop = top;
                      return rect;
                    }
                    return (
                      <rect
                        key={s.name}
                        x={gx + groupW * 0.125 + k * barW}
                        y={y(v)}
                        width={Math.max(1, barW - 2)}
                        height={y(0) - y(v)}
                        rx={2}
                        fill={s.color}
                      />
                    );
                  })}
                  {shown.has(i) ? (
                    <text x={gx + groupW / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="12" fill="#334155">
                      {label.split(' ')[0]}
                    </text>
                  ) : null}
                  {yearAt.has(i) ? (
                    <text x={gx + groupW / 2} y={H - PAD.bottom + 32} textAnchor="middle" fontSize="11" fill="#64748b">
                      {label.split(' ')[1]}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <line x1={PAD_X.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="#94a3b8" />
          </svg>
        )}
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.month')}</th>
            {series.map((s) => (
              <th key={s.name} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((s) => (
                <td key={s.name}>{fmtFull(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Horizontal bars for a ranked list (outstanding by property or room): readable as a list too. */
export function BarList({
  title,
  items,
  empty,
}: {
  title: string;
  items: { key: string; label: string; value: number; note?: string }[];
  empty: string;
}) {
  const id = useId();
  const max = Math.max(0, ...items.map((i) => i.value));
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((it) => (
            <li key={it.key}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate text-slate-800">{it.label}</span>
                <span className="shrink-0 font-semibold text-slate-900">{fullRupees(it.value)}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-2 rounded-full bg-amber-500" style={{ width: `${max > 0 ? Math.max(2, (it.value / max) * 100) : 0}%` }} />
              </div>
              {it.note ? <p className="mt-0.5 text-xs text-red-700">{it.note}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A headline figure. */
export function Figure({
  label,
  value,
  tone = 'plain',
  note,
}: {
  label: string;
  value: string;
  tone?: 'plain' | 'warn' | 'good';
  /** A line under the figure saying what it counts. */
  note?: string;
}) {
  const color = tone === 'warn' ? 'text-red-700' : tone === 'good' ? 'text-green-800' : 'text-slate-900';
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className={`mt-1 text-xl font-bold ${color}`}>{value}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-600">{note}</dd> : null}
    </div>
  );
}
