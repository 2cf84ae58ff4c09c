import { BadgeIndianRupee, Handshake, Maximize2, ShieldCheck, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/usePageTitle';
import { type Audience, OWNER_STEPS, TENANT_STEPS, type WalkthroughStep } from '../steps';
import { PATHS } from '../../../lib/paths';
import { useLandingT } from '../i18n';
import { useSharedT } from '../../../components/i18n';

type LandingT = ReturnType<typeof useLandingT>;

// The steps' order and screenshots come from steps.ts; their words from the catalogue (`owner.3.title`), whose
// English steps.test.ts keeps equal to steps.ts.
const AUDIENCES: { id: Audience; label: 'how.owner' | 'how.tenant'; steps: readonly WalkthroughStep[] }[] = [
  { id: 'owner', label: 'how.owner', steps: OWNER_STEPS },
  { id: 'tenant', label: 'how.tenant', steps: TENANT_STEPS },
];

const FEATURES = [
  { icon: Handshake, id: 'noBrokers' },
  { icon: BadgeIndianRupee, id: 'online' },
  { icon: ShieldCheck, id: 'private' },
] as const;

type GuideNames = Record<string, string>;

/**
 * The names of the buttons, tabs and pages the steps mention ("Press {manage} on the property card"), read from the
 * very catalogue keys the app's own buttons show (the shared catalogue's `name.*`), so that a step and its button
 * say the same word in either language and cannot drift apart.
 */
function useGuideNames(): GuideNames {
  const s = useSharedT() as unknown as (key: string) => string;
  // Each placeholder of a step is a name: `{manage}` reads `name.manage`, `{tab_tenant}` reads `name.tab.tenant`.
  return new Proxy({}, { get: (_, k: string) => s(k === 'getStarted' ? 'topbar.getStarted' : `name.${k.replace('_', '.')}`) });
}

/** A step's words in the page's language, with the names of the buttons it mentions. */
const stepText = (t: LandingT, names: GuideNames, audience: Audience, i: number) => {
  const n = i + 1;
  return {
    title: t(`${audience}.${n}.title` as Parameters<LandingT>[0], names),
    text: t(`${audience}.${n}.text` as Parameters<LandingT>[0], names),
    alt: t(`${audience}.${n}.alt` as Parameters<LandingT>[0], names),
  };
};

/** The rendered width of a step's screenshot: one, two or three columns inside the 80rem page (B15). */
const SHOT_SIZES =
  '(min-width: 1280px) 360px, (min-width: 1024px) calc(33vw - 66px), (min-width: 640px) calc(50vw - 80px), calc(100vw - 74px)';

/** The public landing page: static, prerendered at build time. */
export function LandingPage() {
  const t = useLandingT();
  usePageTitle('');
  return (
    <div className="-mt-8">
      <Hero />
      <section aria-labelledby="features-heading" className="py-12">
        <h2 id="features-heading" className="sr-only">
          {t('features.heading')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, id }) => (
            <li key={id} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{t(`features.${id}.title`)}</h3>
              <p className="mt-1 text-slate-600">{t(`features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <HowItWorks />
    </div>
  );
}

function Hero() {
  const t = useLandingT();
  const shared = useSharedT();
  return (
    <section className="relative overflow-hidden rounded-b-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-teal-600 px-6 py-16 text-white shadow-sm sm:px-12 sm:py-24">
      <div className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{t('hero.kicker')}</p>
        <h1 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">{t('hero.title')}</h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-50">{t('hero.lead')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to={PATHS.auth}
            state={{ mode: 'signup' }}
            className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
          >
            {shared('topbar.getStarted')}
          </Link>
          <Link to={PATHS.properties} className="rounded-lg px-5 py-3 font-semibold text-white ring-2 ring-white/80 hover:bg-white/10">
            {t('hero.browse')}
          </Link>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
  const t = useLandingT();
  const names = useGuideNames();
  const [active, setActive] = useState<Audience>('owner');
  const tabs = useRef<Record<Audience, HTMLButtonElement | null>>({ owner: null, tenant: null });
  const current = AUDIENCES.find((a) => a.id === active) ?? AUDIENCES[0];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = AUDIENCES.findIndex((a) => a.id === active);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % AUDIENCES.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + AUDIENCES.length) % AUDIENCES.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = AUDIENCES.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const id = AUDIENCES[next]?.id ?? 'owner';
    setActive(id);
    tabs.current[id]?.focus();
  };

  return (
    <section aria-labelledby="how-heading" className="pb-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            {t('how.heading')}
          </h2>
          <p className="mt-1 text-slate-600">{t('how.lead')}</p>
        </div>
        <div
          role="tablist"
          aria-label={t('how.tabs')}
          className="inline-flex self-start rounded-xl bg-slate-200/70 p-1"
          onKeyDown={onKeyDown}
        >
          {AUDIENCES.map((a) => {
            const selected = a.id === active;
            return (
              <button
                key={a.id}
                ref={(el) => {
                  tabs.current[a.id] = el;
                }}
                type="button"
                role="tab"
                id={`tab-${a.id}`}
                aria-selected={selected}
                aria-controls={`panel-${a.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setActive(a.id)}
                className={`rounded-lg px-4 py-2 text-sm font-semibold transition ${
                  selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'
                }`}
              >
                {t(a.label)}
              </button>
            );
          })}
        </div>
      </div>
      {AUDIENCES.map((a) => (
        <div key={a.id} role="tabpanel" id={`panel-${a.id}`} aria-labelledby={`tab-${a.id}`} hidden={a.id !== current?.id} className="mt-8">
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {a.steps.map((step, i) => {
              const words = stepText(t, names, a.id, i);
              return (
                // A step off screen is neither laid out nor painted, and its screenshot (lazy) is not fetched, until
                // it comes near: a phone's first paint no longer shares its network with the walkthrough's 125+ KB.
                <li
                  key={step.n}
                  className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm [contain-intrinsic-size:auto_26rem] [content-visibility:auto]"
                >
                  <div className="flex items-start gap-4">
                    <span
                      aria-hidden="true"
                      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                    >
                      {i + 1}
                    </span>
                    <div>
                      <h3 className="font-semibold text-slate-900">
                        <span className="sr-only">{t('how.step', { n: i + 1 })}</span>
                        {words.title}
                      </h3>
                      <p className="mt-1 text-sm text-slate-600">{words.text}</p>
                    </div>
                  </div>
                  {step.screenshot ? <Shot step={step} n={i + 1} title={words.title} alt={words.alt} /> : null}
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </section>
  );
}

/**
 * A step's screenshot: a button that opens it large in a modal dialog (issue 19), the native <dialog>, so
 * the landing page loads no dialog library. Escape, the Close button or a click beside the picture close it,
 * and focus returns to the screenshot.
 */
function Shot({ step, n, title, alt }: { step: WalkthroughStep; n: number; title: string; alt: string }) {
  const t = useLandingT();
  const shot = step.screenshot;
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const el = dialog.current;
    if (!el || !open) return;
    if (typeof el.showModal === 'function') el.showModal();
    else el.setAttribute('open', '');
    el.querySelector<HTMLButtonElement>('button')?.focus();
  }, [open]);
  if (!shot) return null;
  const close = () => {
    const el = dialog.current;
    if (el?.open && typeof el.close === 'function') el.close();
    else el?.removeAttribute('open');
    setOpen(false);
    trigger.current?.focus();
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('shot.enlarge', { n, title })}
        className="group relative mt-4 block w-full cursor-zoom-in rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2"
      >
        <img
          src={shot.src}
          srcSet={shot.srcSet}
          sizes={shot.srcSet ? SHOT_SIZES : undefined}
          alt={alt}
          width={shot.width}
          height={shot.height}
          loading="lazy"
          decoding="async"
          className="w-full rounded-lg border border-slate-200"
        />
        <span
          aria-hidden="true"
          className="absolute right-2 top-2 flex h-8 w-8 items-center justify-center rounded-full bg-slate-900/70 text-white opacity-80 group-hover:opacity-100"
        >
          <Maximize2 className="h-4 w-4" />
        </span>
      </button>
      {open ? (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          onCancel={(e) => {
            e.preventDefault();
            close();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              close();
            }
          }}
          onClick={(e) => {
            if (e.target === dialog.current) close();
          }}
          className="m-auto w-[calc(100%-1.5rem)] max-w-5xl rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/70"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <h2 id={titleId} className="font-semibold text-slate-900">
              {t('shot.title', { n, title })}
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label={t('shot.close')}
              className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          <img src={shot.src} alt={alt} width={shot.width} height={shot.height} className="block h-auto w-full" />
        </dialog>
      ) : null}
    </>
  );
}
