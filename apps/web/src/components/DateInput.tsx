import { dayMonthYearToIso, isoToDayMonthYear } from '@kiraya/contract/dates';
import { CalendarDays } from 'lucide-react';
import { type ChangeEvent, type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { type Common, useFieldIds, Wrapper } from './FormField';
import { useCommonT } from './i18n/common';

/** What a date field reports: the day as YYYY-MM-DD, or the text as typed while it is not a real day yet. */
export type DateChange = { target: { name: string; value: string }; type: string };
/**
 * What the field's ref holds, shaped like an input so react-hook-form's `register(name)` can spread onto it:
 * reading `value` gives YYYY-MM-DD, and setting it (defaultValues, reset, setValue) shows DD/MM/YYYY.
 */
export type DateInputHandle = { name: string; value: string; focus: () => void };

export type DateInputProps = {
  name?: string;
  /** Controlled use: the day as YYYY-MM-DD (or '' for none). */
  value?: string;
  onChange?: (e: DateChange) => unknown;
  onBlur?: (e: DateChange) => unknown;
  ref?: Ref<DateInputHandle>;
  min?: string | number;
  max?: string | number;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  /** What the calendar button says to a screen reader ("Choose Bill Date from a calendar"). */
  pickerLabel?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
  className?: string;
};

/**
 * Text as it is typed, shaped into D/M/Y parts: digits past two in the day or the month run on into the next
 * part, so "05032026" and "05/032026" both read "05/03/2026"; "1/6/2025" and "1.6.2025" stay as typed (with slashes).
 */
function shape(typed: string): string {
  const parts = typed.replace(/[^\d/.\-\s]/g, '').split(/[/.\-\s]/);
  const out: string[] = [];
  let carry = '';
  for (let i = 0; i < parts.length || carry; i++) {
    const part = carry + (parts[i] ?? '');
    carry = '';
    if (out.length < 2 && part.length > 2) {
      out.push(part.slice(0, 2));
      carry = part.slice(2);
    } else out.push(part);
    if (out.length === 3) break;
  }
  return out.slice(0, 3).join('/').slice(0, 10);
}

const toIso = (text: string): string => (text.trim() === '' ? '' : (dayMonthYearToIso(text) ?? text));

/**
 * The one date input (B25): it reads and shows DD/MM/YYYY whatever the browser's locale, keeps the value as
 * YYYY-MM-DD for the API, and has a calendar button that opens the browser's own date picker. Works with
 * react-hook-form's `register(name)` (through the ref's value) and as a controlled input (`value`).
 */
export function DateInput({
  name = '',
  value,
  onChange,
  onBlur,
  ref,
  min,
  max,
  disabled,
  required,
  id,
  pickerLabel,
  className = '',
  ...aria
}: DateInputProps) {
  const t = useCommonT();
  const [text, setText] = useState(() => isoToDayMonthYear(value ?? ''));
  const iso = useRef(value ?? '');
  const input = useRef<HTMLInputElement>(null);
  const native = useRef<HTMLInputElement>(null);

  const show = useCallback((next: string) => {
    iso.current = next;
    setText(isoToDayMonthYear(next));
  }, []);
  useImperativeHandle(
    ref,
    () => ({
      name,
      get value() {
        return iso.current;
      },
      set value(next: string) {
        show(next ?? '');
      },
      focus: () => input.current?.focus(),
    }),
    [name, show],
  );
  // Controlled use: show a new value from outside (not the echo of what was just typed).
  useEffect(() => {
    if (value !== undefined && value !== iso.current) show(value);
  }, [value, show]);

  const report = (next: string) => {
    iso.current = next;
    onChange?.({ target: { name, value: next }, type: 'change' });
  };
  const typed = (e: ChangeEvent<HTMLInputElement>) => {
    const next = shape(e.target.value);
    setText(next);
    report(toIso(next));
  };
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setText(isoToDayMonthYear(next));
    report(next);
    input.current?.focus();
  };
  const openPicker = () => {
    const el = native.current;
    if (!el) return;
    el.value = dayMonthYearToIso(text) ?? '';
    try {
      if (typeof el.showPicker === 'function') el.showPicker();
      else el.click();
    } catch {
      input.current?.focus();
    }
  };

  return (
    <div className={`relative flex ${className}`}>
      <input
        ref={input}
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('date.format')}
        maxLength={10}
        value={text}
        disabled={disabled}
        aria-required={required || undefined}
        {...aria}
        onChange={typed}
        onBlur={() => {
          const day = dayMonthYearToIso(text);
          if (day) setText(isoToDayMonthYear(day));
          onBlur?.({ target: { name, value: iso.current }, type: 'blur' });
        }}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-11 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600"
      />
      <button
        type="button"
        onClick={openPicker}
        disabled={disabled}
        aria-label={pickerLabel ?? t('date.picker')}
        title={pickerLabel ?? t('date.picker')}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-600 hover:text-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 disabled:opacity-50"
      >
        <CalendarDays aria-hidden="true" className="h-5 w-5" />
      </button>
      {/* The browser's own calendar, opened by the button; it never shows its locale-dependent text. */}
      <input
        ref={native}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        min={min}
        max={max}
        disabled={disabled}
        onChange={picked}
        data-testid={name ? `${name}-picker` : undefined}
        className="pointer-events-none absolute bottom-0 right-0 h-px w-10 opacity-0"
      />
    </div>
  );
}

/** A labelled DateInput, like TextField: label, hint (the DD/MM/YYYY format is always said) and error. */
export function DateField({ label, hint, error, required, className, id, ...rest }: Common & Omit<DateInputProps, 'id' | 'className'>) {
  const t = useCommonT();
  const said = hint ? t.rich('date.formatHint', { hint }) : t('date.format');
  const { fieldId, text, describedBy } = useFieldIds(id, said, error);
  return (
    <Wrapper id={fieldId} label={label} hint={said} text={text} required={required} className={className}>
      <DateInput
        id={fieldId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        pickerLabel={t('date.pickerFor', { label })}
        {...rest}
      />
    </Wrapper>
  );
}
