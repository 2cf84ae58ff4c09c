import { z } from 'zod';
import { isCalendarDate } from './dates.js';
import { MSG } from './messages.js';

/**
 * Input rules shared by every text and number field (ADR 011). PostgreSQL refuses NUL in text and
 * control characters are never typed on purpose, so free text is checked here, at the contract, where
 * the browser and the server both see it, and a refused value is a 400 naming the field.
 */

/** C0 controls except tab and newline, DEL and the C1 block. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_BAD = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Single-line fields refuse tab and newline as well. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_BAD = /[\u0000-\u001F\u007F-\u009F]/;
/** A UTF-16 surrogate without its pair cannot be encoded as UTF-8: it would be stored as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` holds only characters a person types on one line (no control characters, no broken pairs). */
export const isSingleLineText = (s: string): boolean => !SINGLE_LINE_BAD.test(s) && !LONE_SURROGATE.test(s);
/** True when `s` holds only characters of typed text, where newline and tab are allowed. */
export const isMultiLineText = (s: string): boolean => !MULTI_LINE_BAD.test(s) && !LONE_SURROGATE.test(s);

/** Textareas post line breaks as CRLF; they are stored as LF. */
const normaliseNewlines = (s: string) => s.replace(/\r\n?/g, '\n');

export type TextOptions = {
  /** The field's name in messages, e.g. "Title". */
  label: string;
  max: number;
  /** Free text over several lines (descriptions); otherwise one line. */
  multiline?: boolean;
};

const checkedText = ({ label, max, multiline = false }: TextOptions, required?: string) =>
  z
    .string()
    .refine(multiline ? isMultiLineText : isSingleLineText, MSG.textControlChars(label, multiline))
    .refine((s) => s.length <= max, MSG.textTooLong(label, max))
    .refine((s) => !required || s.length > 0, required ?? '');

const trimmed = (multiline: boolean | undefined, message: string) =>
  z.string({ error: message }).transform((s) => (multiline ? normaliseNewlines(s) : s).trim());

/**
 * A required, trimmed text field: refuses control characters (newline and tab allowed only in
 * multi-line text) and lone surrogates, and values longer than `max`, each with a message naming the
 * field; `required` is the message for a missing, non-text or blank value.
 */
export const textField = (o: TextOptions & { required: string }) => trimmed(o.multiline, o.required).pipe(checkedText(o, o.required));

/** The same rules for an optional field; absent is ''. */
export const optionalTextField = (o: TextOptions) =>
  trimmed(o.multiline, MSG.textNotString(o.label))
    .pipe(checkedText(o))
    .optional()
    .transform((s) => s ?? '');

/** "12", "-3", "4999.50": an optional minus, digits, then at most `scale` decimals; nothing else. */
const decimalRe = (scale: number, signed: boolean) =>
  new RegExp(`^${signed ? '-?' : ''}\\d{1,15}${scale > 0 ? `(?:\\.\\d{1,${scale}})?` : ''}$`);

export type DecimalOptions = {
  /** Message when the value is not a plain decimal number within the bounds. */
  message: string;
  min: number;
  max: number;
  /** Decimal places allowed: 0 for whole numbers, 2 for rupees. */
  scale: number;
  /** Refuse `min` itself (a rent must be more than 0). */
  exclusiveMin?: boolean;
};

/** Reads a plain decimal (text or finite JSON number) within the bounds, or NaN. */
function readDecimal(v: string | number, { min, max, scale, exclusiveMin = false }: DecimalOptions): number {
  let n: number;
  if (typeof v === 'number') {
    const factor = 10 ** scale;
    n = Number.isFinite(v) && Math.abs(v) <= 1e15 && Math.abs(Math.round(v * factor) - v * factor) < 1e-6 ? v : Number.NaN;
  } else {
    n = decimalRe(scale, min < 0).test(v.trim()) ? Number(v.trim()) : Number.NaN;
  }
  if (Number.isNaN(n) || n < min || n > max || (exclusiveMin && n === min)) return Number.NaN;
  return n + 0; // -0 becomes 0
}

/**
 * An optional number sent as a form field or query parameter (absent or blank = undefined). Only plain
 * decimal text is read ("0x10", "1e3", "Infinity", "NaN", "+5" are refused; Number() would read them),
 * or a finite JSON number with at most `scale` decimals.
 */
export const decimalField = (o: DecimalOptions) =>
  z
    .union([z.string(), z.number()], { error: o.message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
      const n = readDecimal(v, o);
      if (Number.isNaN(n)) {
        ctx.addIssue({ code: 'custom', message: o.message });
        return z.NEVER;
      }
      return n;
    });

/** The same rules for a required number; `required` is the message for a missing or blank value. */
export const requiredDecimalField = (o: DecimalOptions & { required: string }) =>
  z.union([z.string(), z.number()], { error: (iss) => (iss.input === undefined ? o.required : o.message) }).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: o.required });
      return z.NEVER;
    }
    const n = readDecimal(v, o);
    if (Number.isNaN(n)) {
      ctx.addIssue({ code: 'custom', message: o.message });
      return z.NEVER;
    }
    return n;
  });

/** A calendar date, YYYY-MM-DD, that exists; `message` for anything else. */
export const isoDateSchema = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => isCalendarDate(s), message);
