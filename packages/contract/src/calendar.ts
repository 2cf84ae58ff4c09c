/** Calendar days written the product's way (issue 19): never an ISO date in a sentence a person reads. */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const parts = (iso: string): [number, number, number] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
};

/** '2026-11-24' → '24 November 2026' (the input as is when it is not a date). */
export function dayInWords(iso: string): string {
  const p = parts(iso);
  return p ? `${p[2]} ${MONTHS[p[1] - 1]} ${p[0]}` : iso;
}

/** '2026-11-24' → 'November 2026'. */
export function monthInWords(iso: string): string {
  const p = parts(iso);
  return p ? `${MONTHS[p[1] - 1]} ${p[0]}` : iso;
}

/** The rent period a bill dated `billDate` is for: the first day of its month ('2026-11-24' → '2026-11-01'). */
export const rentPeriodOf = (billDate: string): string => `${billDate.slice(0, 7)}-01`;
