/**
 * Escapes the LIKE / ILIKE wildcards (% and _) and the escape character itself, so text a person typed
 * matches literally. PostgreSQL's default escape character is the backslash.
 */
/** The rows of a raw query (`db.execute`), whichever driver ran it (node-postgres answers { rows }, PGlite too). */
export const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows?: T[] }).rows ?? []));

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
