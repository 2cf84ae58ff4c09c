/**
 * The pseudo-locale harness (issue 27 item 4, ADR 039): renders a route of the real app (its route table, its
 * providers, a signed-in visitor, tenant or owner, mocked API answers) in `en-XA`, where every catalogue text,
 * every `useMsg()` text and every date from `lib/format.ts` comes out rewritten as `⟦Ŝéåŕçĥ⟧`. What is left in
 * plain letters is a text written straight into a component: `expectTranslated()` fails listing each one, with
 * where it was (a text node, an aria-label, a title…).
 *
 *   const page = await renderPseudo('/TenantDashboard/Billings', { user: tenant, api: { 'GET /bills/…': ok([...]) } });
 *   page.expectTranslated();
 *   await page.user.click(screen.getByRole('button', { name: xa('Pay') }));
 *   await page.expectTranslatedSoon();
 *
 * Not counted as untranslated: the strings of the mocked answers' `data` and `meta` and the route's query values
 * (names, titles, cities: the user's own words; an envelope's `message` is NOT data, a component shows it through `useMsg()`;
 * nor is a value of one of the contract's constants, such as a bill type or a status: `CONTRACT_CODES`), text inside an
 * element with a `lang` attribute (the language switch's "English"), names that read the same in every language
 * (Kiraya, UPI…, `allow`), and text without two letters in a row (amounts, numbers, punctuation).
 */
import * as contract from '@kiraya/contract';
import type { User } from '@kiraya/contract';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, expect } from 'vitest';
import { App } from '../App';
import { preloadLocale, setMessageTransform } from '../lib/i18n';
import { queryClient } from '../lib/query';
import { type Call, mockApi, ok } from './support';

type Reply = { status?: number; body: unknown } | ((init: RequestInit | undefined, url: URL) => { status?: number; body: unknown });

const OPEN = '⟦';
const CLOSE = '⟧';
const ACCENTS: Record<string, string> = {
  a: 'å',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** A text as the pseudo-locale writes it: accented and bracketed (empty stays empty). Use it to find elements. */
export const xa = (text: string): string => (text ? `${OPEN}${text.replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c)}${CLOSE}` : text);

/** Names that are the same in every language (as in scripts/check-strings.mjs), and the week's abbreviations of none. */
const NAMES = ['Kiraya', 'UPI', 'PAN', 'Razorpay', 'IFSC', 'OTP', 'PDF', 'CSV', 'GST', 'TDS', 'WhatsApp'];
const ATTRS = ['aria-label', 'title', 'alt', 'placeholder', 'aria-description', 'aria-roledescription', 'aria-valuetext'];
const LETTERS = /[A-Za-z]{2,}/;

/**
 * The contract's constants (`BILL_TYPES`, `ROOM_STATUSES`, `DEDUCTION_KINDS`…) and its English label maps
 * (`PAYMENT_METHOD_LABELS`, `PAYOUT_STATE_LABELS`…): a value of one of these in an answer ("Electricity Bill", a
 * payment's `methodLabel` "UPI direct") is a code the screen puts into words through its catalogue, never the
 * user's words. So it is not counted as data: shown as it came, it is listed as untranslated.
 */
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
export const CONTRACT_CODES: ReadonlySet<string> = new Set(
  Object.entries(contract).flatMap(([name, v]) =>
    strings(v) ? v : /_LABELS?$/.test(name) && v && typeof v === 'object' && strings(Object.values(v)) ? Object.values(v) : [],
  ),
);

/** Every string inside a mocked answer's data (the user's words, which no catalogue translates), but the contract's codes. */
function dataStrings(value: unknown, out: Set<string>) {
  if (typeof value === 'string') {
    if (value.trim() && !CONTRACT_CODES.has(value.trim())) out.add(value.trim());
  } else if (Array.isArray(value)) for (const v of value) dataStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) dataStrings(v, out);
}

function envelopeData(reply: Reply, out: Set<string>) {
  if (typeof reply === 'function') return;
  const body = reply.body as { data?: unknown; meta?: unknown } | null;
  if (body && typeof body === 'object') {
    dataStrings(body.data, out);
    dataStrings(body.meta, out);
  }
}

export type Untranslated = { where: string; text: string };

/** The texts of `root` (and the document's title) that the pseudo-locale did not rewrite. */
export function findUntranslated(root: ParentNode, data: Iterable<string> = [], allow: Iterable<string> = []): Untranslated[] {
  // Longest first, so that "Pune West" goes before "Pune".
  const known = [...new Set([...data, ...allow, ...NAMES])].sort((a, b) => b.length - a.length);
  const rest = (text: string) => {
    let s = text.replace(/⟦[^⟧]*⟧/g, ' ');
    for (const k of known) if (s.includes(k)) s = s.split(k).join(' ');
    return s;
  };
  const found: Untranslated[] = [];
  const where = (el: Element | null) => {
    if (!el) return '?';
    const id = el.id ? `#${el.id}` : '';
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${id}${role ? ` role=${role}` : ''}>`;
  };
  const foreign = (el: Element | null) => !!el?.closest('body [lang], script, style, [data-pseudo-ignore]');
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent ?? '';
    if (LETTERS.test(rest(text)) && !foreign(n.parentElement)) found.push({ where: where(n.parentElement), text: text.trim() });
  }
  const elements = root instanceof Element ? [root, ...root.querySelectorAll('*')] : [...root.querySelectorAll('*')];
  for (const el of elements) {
    if (foreign(el)) continue;
    for (const attr of ATTRS) {
      const v = el.getAttribute(attr);
      if (v && LETTERS.test(rest(v))) found.push({ where: `${where(el)} ${attr}`, text: v });
    }
    if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type) && LETTERS.test(rest(el.value)))
      found.push({ where: `${where(el)} value`, text: el.value });
  }
  if (root === document.body || root === document) {
    if (document.title && LETTERS.test(rest(document.title))) found.push({ where: '<title>', text: document.title });
  }
  return found;
}

const describeFound = (found: Untranslated[], calls: Call[], unanswered: string[]) =>
  [
    `${found.length} text(s) not from a catalogue (put them in the area's i18n/en-IN.json and hi-IN.json, ADR 039):`,
    ...found.map((f) => `  ${f.where}: "${f.text.slice(0, 100)}"`),
    ...(unanswered.length
      ? ['API calls answered 404 by the harness (mock them if the page needs them):', ...unanswered.map((u) => `  ${u}`)]
      : []),
    `(${calls.length} API calls in all)`,
  ].join('\n');

export type PseudoOptions = {
  /** Signed in as this user (the session check answers it); a visitor without. */
  user?: User;
  /** Answers keyed "METHOD /path" (after /api/v1, without the query), as `mockApi` of ./support. */
  api?: Record<string, Reply>;
  /** More words that are not texts of the app (a brand, a code shown as is). */
  allow?: string[];
};

/**
 * Renders the app at `route` in the pseudo-locale and waits until it has settled (no spinner, no call in flight).
 * Returns the checks and a user-event instance. Call `restore()` is not needed: the transform is undone after
 * each test (the afterEach below registers once).
 */
export async function renderPseudo(route: string, { user, api = {}, allow = [] }: PseudoOptions = {}) {
  const routes: Record<string, Reply> = {
    'GET /events': ok({ messages: 0, notifications: 0 }),
    'GET /notifications/list': ok({ items: [], unread: 0 }),
    ...(user ? { 'GET /users/get-current-user': ok(user) } : {}),
    ...api,
  };
  // One page at a time: a second render in the same test replaces the first.
  current?.unmount();
  // Nor its toasts (sonner keeps them outside React): each page is checked with its own.
  toast.dismiss();
  queryClient.clear();
  localStorage.clear();
  const data = new Set<string>();
  for (const r of Object.values(routes)) envelopeData(r, data);
  if (user) dataStrings(user, data);
  // What the address carries (a search, a city typed into the filters) is the visitor's own words too.
  for (const v of new URL(route, 'http://localhost').searchParams.values()) dataStrings(v, data);
  const { calls } = mockApi(routes);
  if (user) localStorage.setItem('user', JSON.stringify(user));
  setMessageTransform(xa);
  transformed = true;
  await preloadLocale('en-XA');
  const user$ = userEvent.setup();
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <MemoryRouter initialEntries={[route]}>
        <App locale="en-XA" />
      </MemoryRouter>,
    );
  });
  current = view;
  await settle();
  const unanswered = () => [...new Set(calls.filter((c) => !routes[`${c.method} ${c.path}`]).map((c) => `${c.method} ${c.path}`))];
  const check = (scope?: string) => {
    // A page with no rewritten text at all did not render in the pseudo-locale: the check would prove nothing.
    expect(document.body.textContent, 'nothing on the page was rewritten: not rendered in en-XA?').toContain(OPEN);
    const root = scope ? document.querySelector(scope) : document.body;
    expect(root, `no element matches ${scope}`).not.toBeNull();
    const found = findUntranslated(root as ParentNode, data, allow);
    expect(found, describeFound(found, calls, unanswered())).toEqual([]);
  };
  return {
    ...view,
    user: user$,
    calls,
    /** The calls the harness answered 404 because `api` has no answer for them ("GET /rooms/p1"): mock them. */
    unanswered,
    /**
     * Fails listing every text that is not translated, now. `scope`: a selector to check only a part (`'main'`, the
     * page without the dashboards' header, whose bell belongs to another area), or the whole document.
     */
    expectTranslated: check,
    /** The same, once the page has settled again (after a click, a typed value, a step of a wizard). */
    expectTranslatedSoon: async (scope?: string) => {
      await settle();
      check(scope);
    },
  };
}

/** Waits until the page stops changing: no spinner, and the same markup three times in a row (50 ms apart). */
export async function settle(timeout = 5000) {
  const started = Date.now();
  let last = '';
  let same = 0;
  for (;;) {
    await act(() => new Promise<void>((r) => setTimeout(r, 50)));
    const now = document.body.innerHTML;
    same = now === last ? same + 1 : 0;
    last = now;
    const loading = !!document.querySelector('[role="status"] .animate-spin');
    if (same >= 2 && !loading) return;
    if (Date.now() - started > timeout)
      throw new Error(`the page did not settle in ${timeout} ms (${loading ? 'a spinner is still shown' : 'it keeps changing'})`);
  }
}

let transformed = false;
let current: { unmount: () => void } | undefined;
afterEach(() => {
  current = undefined;
  if (!transformed) return;
  setMessageTransform(null);
  transformed = false;
});
