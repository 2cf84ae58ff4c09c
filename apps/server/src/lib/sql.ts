/**
 * Escapes the LIKE / ILIKE wildcards (% and _) and the escape character itself, so text a person typed
 * matches literally. PostgreSQL's default escape character is the backslash.
 */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);
