/** The id of the `<script type="application/json">` that carries the server-rendered query cache (ADR 015). */
export const SSR_STATE_ID = 'kiraya-state';

/** JSON safe inside a `<script>` element: no `</script>`, `<!--`, or U+2028/U+2029 line separators. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
