import type { Locale } from './locales.js';
import { MSG, type MessageKey } from './messages.js';
import { MSG_HI } from './messages.hi-IN.js';

/**
 * Any text of `MSG` in a locale (issue 27, ADR 039). The server, its validation (the contract's zod schemas
 * carry English `MSG` texts) and the web app all produce the English text; this turns it into the caller's
 * language at the edge, so no call site changes and the error `code` is never touched:
 * - a constant text is found by its English (one Map lookup);
 * - a text an `MSG` function produced is matched against that function's shape (made once by calling it with
 *   marker arguments) and its arguments are handed, as strings, to the Hindi function of the same key;
 *   an argument that is itself an `MSG` text ("imageNamed": a file name and a message) is localized too.
 * A text with no translation (a pending key, or no `MSG` text at all) comes back as it was.
 */
type Fn = (...args: unknown[]) => string;
type Shape = { key: MessageKey; re: RegExp; order: number[]; arity: number };

const catalogs: Partial<Record<Locale, Partial<Record<MessageKey, unknown>>>> = { 'hi-IN': MSG_HI };

let exact: Map<string, MessageKey> | undefined;
let shapes: Shape[] | undefined;

const MARK = (i: number) => `\uE000${i}\uE001`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function index(): { exact: Map<string, MessageKey>; shapes: Shape[] } {
  if (exact && shapes) return { exact, shapes };
  exact = new Map();
  shapes = [];
  for (const [key, value] of Object.entries(MSG) as [MessageKey, unknown][]) {
    if (typeof value === 'string') {
      if (!exact.has(value)) exact.set(value, key);
      continue;
    }
    const fn = value as Fn;
    const arity = Math.max(fn.length, 1);
    let sample: string;
    try {
      sample = fn(...Array.from({ length: arity }, (_, i) => MARK(i)));
    } catch {
      continue;
    }
    const order: number[] = [];
    const pattern = escapeRe(sample).replace(/\uE000(\d+)\uE001/g, (_, i: string) => {
      order.push(Number(i));
      return '([\\s\\S]+?)';
    });
    shapes.push({ key, re: new RegExp(`^${pattern}$`), order, arity });
  }
  // Longer fixed text first: a more specific shape wins over one that is mostly a placeholder.
  shapes.sort((a, b) => b.re.source.replace(/\(\[\\s\\S\]\+\?\)/g, '').length - a.re.source.replace(/\(\[\\s\\S\]\+\?\)/g, '').length);
  return { exact, shapes };
}

/** The `MSG` key and arguments that produced an English text, if any. */
export function messageKeyOf(text: string): { key: MessageKey; args: string[] } | null {
  const { exact, shapes } = index();
  const key = exact.get(text);
  if (key) return { key, args: [] };
  for (const s of shapes) {
    const m = s.re.exec(text);
    if (!m) continue;
    const args: string[] = Array.from({ length: s.arity }, () => '');
    s.order.forEach((argIndex, g) => {
      args[argIndex] = m[g + 1] ?? '';
    });
    return { key: s.key, args };
  }
  return null;
}

/** `text` (an English `MSG` text) in `locale`; unchanged for English, and when there is no translation. */
export function localizeMessage(text: string, locale: Locale, depth = 0): string {
  const catalog = catalogs[locale];
  if (!catalog || !text) return text;
  const found = messageKeyOf(text);
  if (!found) return text;
  const hi = catalog[found.key];
  if (hi === undefined) return text;
  if (typeof hi === 'string') return hi;
  const args = depth < 2 ? found.args.map((a) => localizeMessage(a, locale, depth + 1)) : found.args;
  return (hi as Fn)(...args);
}

/** The Hindi (or any locale's) text of a key and its arguments, straight from the catalogue. */
export function messageIn<K extends MessageKey>(locale: Locale, key: K, ...args: unknown[]): string {
  const value = catalogs[locale]?.[key] ?? MSG[key];
  return typeof value === 'function' ? (value as Fn)(...args) : (value as string);
}
