import type { Locale } from './locales.js';
import { MSG, type MessageKey } from './messages.js';
import { MSG_HI } from './messages.hi-IN.js';
import type { ModerationAction } from './moderation.js';

/**
 * Any text of `MSG` in a locale (issue 27, ADR 039). The server, its validation (the contract's zod schemas
 * carry English `MSG` texts) and the web app all produce the English text; this turns it into the caller's
 * language at the edge, so no call site changes and the error `code` is never touched:
 * - a constant text is found by its English (one Map lookup);
 * - a text an `MSG` function produced is matched against that function's shapes (made once by calling it with
 *   marker arguments, see `samples`) and its arguments are handed, as strings, to the Hindi function of the
 *   same key; an argument that is itself an `MSG` text ("imageNamed": a file name and a message) is localized
 *   too, and the Hindi functions put Kiraya's own English words among the arguments (labels, dates) into Hindi.
 * A text that is no `MSG` text at all (a name, a gateway's answer) comes back as it was.
 */
type Fn = (...args: unknown[]) => string;
/**
 * One English shape of a function's text: the regex that reads it, which argument each group holds, and the
 * arguments fixed by the sample that made it (a `1` the text spells out, a flag the text does not show).
 */
type Shape = { key: MessageKey; re: RegExp; order: number[]; arity: number; fixed: Map<number, unknown> };

const catalogs: Partial<Record<Locale, Partial<Record<MessageKey, unknown>>>> = { 'hi-IN': MSG_HI };

/**
 * Functions whose argument chooses the whole text, so that no shape can read it back ("Listing hidden." from
 * `moderationDone('hide')`): every argument they are called with, each text found like a constant.
 */
const CHOICES: Partial<Record<MessageKey, readonly unknown[]>> = {
  moderationDone: ['dismiss', 'hide', 'suspend', 'restore'] satisfies ModerationAction[],
};

let exact: Map<string, MessageKey> | undefined;
let chosen: Map<string, { key: MessageKey; args: unknown[] }> | undefined;
let shapes: Shape[] | undefined;

const MARK = (i: number) => `\uE000${i}\uE001`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GROUP = '([\\s\\S]+?)';

/**
 * The samples a function is called with: every argument a marker; the same with one more (a parameter with a
 * default value, which `fn.length` does not count: `textControlChars(label, multiline = true)`); and each
 * argument in turn `1` (a text that says "1 try" where it says "3 tries").
 */
function samples(fn: Fn): unknown[][] {
  const n = Math.max(fn.length, 1);
  const marks = (k: number) => Array.from({ length: k }, (_, i): unknown => MARK(i));
  const out = [marks(n), marks(n + 1)];
  for (let i = 0; i < n; i++) out.push(marks(n).map((a, j) => (j === i ? 1 : a)));
  return out;
}

function index(): { exact: Map<string, MessageKey>; shapes: Shape[] } {
  if (exact && shapes) return { exact, shapes };
  exact = new Map();
  shapes = [];
  chosen = new Map();
  for (const [key, args] of Object.entries(CHOICES) as [MessageKey, unknown[]][])
    for (const a of args) chosen.set((MSG[key] as Fn)(a), { key, args: [a] });
  const seen = new Set<string>();
  for (const [key, value] of Object.entries(MSG) as [MessageKey, unknown][]) {
    if (typeof value === 'string') {
      if (!exact.has(value)) exact.set(value, key);
      continue;
    }
    const fn = value as Fn;
    for (const args of samples(fn)) {
      let sample: string;
      try {
        sample = fn(...args);
      } catch {
        continue;
      }
      const order: number[] = [];
      const pattern = escapeRe(sample).replace(/\uE000(\d+)\uE001/g, (_, i: string) => {
        order.push(Number(i));
        return GROUP;
      });
      if (seen.has(`${key}\n${pattern}`)) continue;
      seen.add(`${key}\n${pattern}`);
      // An argument the text does not show keeps its sample's value (a marker is passed as `true`: a flag that was set).
      const fixed = new Map<number, unknown>();
      args.forEach((a, i) => {
        if (!order.includes(i)) fixed.set(i, a === 1 ? 1 : true);
      });
      shapes.push({ key, re: new RegExp(`^${pattern}$`), order, arity: args.length, fixed });
    }
  }
  // Longer fixed text first: a more specific shape wins over one that is mostly a placeholder.
  const fixedLength = (s: Shape) => s.re.source.split(GROUP).join('').length;
  shapes.sort((a, b) => fixedLength(b) - fixedLength(a));
  return { exact, shapes };
}

/** The `MSG` key and arguments that produced an English text, if any. */
export function messageKeyOf(text: string): { key: MessageKey; args: unknown[] } | null {
  const { exact, shapes } = index();
  const key = exact.get(text);
  if (key) return { key, args: [] };
  const choice = chosen?.get(text);
  if (choice) return choice;
  for (const s of shapes) {
    const m = s.re.exec(text);
    if (!m) continue;
    const args: unknown[] = Array.from({ length: s.arity }, (_, i) => (s.fixed.has(i) ? s.fixed.get(i) : ''));
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
  const args = depth < 2 ? found.args.map((a) => (typeof a === 'string' ? localizeMessage(a, locale, depth + 1) : a)) : found.args;
  return (hi as Fn)(...args);
}

/** The Hindi (or any locale's) text of a key and its arguments, straight from the catalogue. */
export function messageIn<K extends MessageKey>(locale: Locale, key: K, ...args: unknown[]): string {
  const value = catalogs[locale]?.[key] ?? MSG[key];
  return typeof value === 'function' ? (value as Fn)(...args) : (value as string);
}
