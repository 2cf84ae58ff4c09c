import { z } from 'zod';
import { MSG } from './messages.js';

/**
 * Input rules shared by every text and number field (ADR 011). PostgreSQL refuses NUL in text and
 * control characters are never typed on purpose, so free text is checked here, at the contract, where
 * the browser and the server both see it, and a refused value is a 400 naming the field.
 */

/** C0 controls except tab and newline, DEL and the C1 block. */
const MULTI_LINE_BAD = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Single-line fields refuse tab and newline as well. */
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
  /** Message when the value is missing, not a string, or empty after trimming; absent = optional (defaults to ''). */
  required?: string;
  /** Free text over several lines (descriptions); otherwise one line. */
  multiline?: boolean;
};

/**
 * A trimmed text field: refuses control characters (newline and tab allowed only in multi-line text)
 * and lone surrogates, and longer values than `max`, each with a message naming the field.
 */
export function textField(o: TextOptions & { required: string }): z.ZodType<string, unknown>;
export function textField(o: TextOptions): z.ZodType<string, unknown>;
export function textField({ label, max, required, multiline = false }: TextOptions): z.ZodType<string, unknown> {
  const base = z
    .string({ error: required ?? MSG.textNotString(label) })
    .transform((s) => (multiline ? normaliseNewlines(s) : s).trim())
    .pipe(
      z
        .string()
        .refine(multiline ? isMultiLineText : isSingleLineText, MSG.textControlChars(label, multiline))
        .refine((s) => s.length <= max, MSG.textTooLong(label, max))
        .refine((s) => !required || s.length > 0, required ?? ''),
    );
  return required ? base : base.optional().transform((s) => s ?? '');
}

/** "12", "-3", "4999.50": an optional minus, digits, then at most `scale` decimals; nothing else. */
const decimalRe = (scale: number, signed: boolean) => new RegExp(`^${signed ? '-?' : ''}\\d{1,15}${scale > 0 ? `(?:\\.\\d{1,${scale}})?` : ''}$`);

export type DecimalOptions = {
  /** Message when the value is not a plain decimal number within the bounds. */
  message: string;
  min: number;
  max: number;
  /** Decimal places allowed: 0 for whole numbers, 2 for rupees. */
  scale: number;
  /** Refuse `min` itself (a rent must be more than 0). */
  exclusiveMin?: boolean;
  /** Message when the value is absent or empty; absent = optional (undefined). */
  required?: string;
};

/**
 * A number sent as a form field or query parameter. Only plain decimal text is read ("0x10", "1e3",
 * " ", "Infinity" and "NaN" are refused; Number() would read them), or a finite JSON number with at
 * most `scale` decimals. -0 becomes 0.
 */
export function decimalField(o: DecimalOptions & { required: string }): z.ZodType<number, unknown>;
export function decimalField(o: DecimalOptions): z.ZodType<number | undefined, unknown>;
export function decimalField({ message, min, max, scale, exclusiveMin = false, required }: DecimalOptions): z.ZodType<number | undefined, unknown> {
  const re = decimalRe(scale, min < 0);
  return z.union([z.string(), z.number()], { error: message }).optional().transform((v, ctx) => {
    if (v === undefined || (typeof v === 'string' && v.trim() === '')) {
      if (required) {
        ctx.addIssue({ code: 'custom', message: required });
        return z.NEVER;
      }
      return undefined;
    }
    let n: number;
    if (typeof v === 'number') {
      const factor = 10 ** scale;
      n = Number.isFinite(v) && Math.abs(v) <= 1e15 && Math.abs(Math.round(v * factor) - v * factor) < 1e-6 ? v : Number.NaN;
    } else {
      const s = v.trim();
      n = re.test(s) ? Number(s) : Number.NaN;
    }
    if (Number.isNaN(n) || n < min || n > max || (exclusiveMin && n === min)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n + 0;
  });
}
