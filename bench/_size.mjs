// The bench size: `npm run bench -- --tiny` (or BENCH_SIZE=tiny) runs every bench at a size that takes seconds,
// so CI (scripts/test.mjs, last step) runs them all and none can rot (ADR 025). The figures of a tiny run mean
// nothing; only that every bench still works against today's schema and app.
export const TINY = process.env.BENCH_SIZE === 'tiny';

/** `full` normally, `tiny` in a tiny run. */
export const sized = (full, tiny) => (TINY ? tiny : full);
