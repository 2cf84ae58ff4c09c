import { BadgeIndianRupee, Handshake, ShieldCheck } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/usePageTitle';
import { type Audience, OWNER_STEPS, TENANT_STEPS, type WalkthroughStep } from '../steps';
import { PATHS } from '../../../lib/paths';

const AUDIENCES: { id: Audience; label: string; steps: readonly WalkthroughStep[] }[] = [
  { id: 'owner', label: 'For house owners', steps: OWNER_STEPS },
  { id: 'tenant', label: 'For tenants', steps: TENANT_STEPS },
];

const FEATURES = [
  { icon: Handshake, title: 'No brokers', text: 'Owners and tenants meet directly. No commission, no middlemen.' },
  { icon: BadgeIndianRupee, title: 'Rent and bills online', text: 'Owners upload rent and utility bills; tenants pay them online.' },
  { icon: ShieldCheck, title: 'Private by default', text: 'Contact details go only to signed-in tenants who ask for them.' },
];

/** The rendered width of a step's screenshot: one, two or three columns inside the 80rem page (B15). */
const SHOT_SIZES =
  '(min-width: 1280px) 360px, (min-width: 1024px) calc(33vw - 66px), (min-width: 640px) calc(50vw - 80px), calc(100vw - 74px)';

/** The public landing page: static, prerendered at build time. */
export function LandingPage() {
  usePageTitle('');
  return (
    <div className="-mt-8">
      <Hero />
      <section aria-labelledby="features-heading" className="py-12">
        <h2 id="features-heading" className="sr-only">
          Why Kiraya
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <HowItWorks />
    </div>
  );
}

function Hero() {
  return (
    <section className="relative overflow-hidden rounded-b-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-teal-600 px-6 py-16 text-white shadow-sm sm:px-12 sm:py-24">
      <div className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Broker-free rentals</p>
        <h1 className="mt-3 text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
          Find a room or fill one. Directly, with no broker.
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-50">
          Kiraya connects house owners and tenants. List properties and rooms, invite tenants, upload bills and get paid online; or find a
          room, reach its owner and pay your rent from your phone.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to={PATHS.auth}
            state={{ mode: 'signup' }}
            className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
          >
            Get Started
          </Link>
          <Link to={PATHS.properties} className="rounded-lg px-5 py-3 font-semibold text-white ring-2 ring-white/80 hover:bg-white/10">
            Browse properties
          </Link>
        </div>
      </div>
    </section>
  );
}

function HowItWorks() {
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
            How it works
          </h2>
          <p className="mt-1 text-slate-600">Pick your side to see every step.</p>
        </div>
        <div
          role="tablist"
          aria-label="Walkthrough for"
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
                {a.label}
              </button>
            );
          })}
        </div>
      </div>
      {AUDIENCES.map((a) => (
        <div key={a.id} role="tabpanel" id={`panel-${a.id}`} aria-labelledby={`tab-${a.id}`} hidden={a.id !== current?.id} className="mt-8">
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {a.steps.map((step, i) => (
              <li key={step.title} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex items-start gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                  >
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-slate-900">
                      <span className="sr-only">Step {i + 1}: </span>
                      {step.title}
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">{step.text}</p>
                  </div>
                </div>
                {step.screenshot ? (
                  <img
                    src={step.screenshot.src}
                    srcSet={step.screenshot.srcSet}
                    sizes={step.screenshot.srcSet ? SHOT_SIZES : undefined}
                    alt={step.screenshot.alt}
                    width={step.screenshot.width}
                    height={step.screenshot.height}
                    loading="lazy"
                    decoding="async"
                    className="mt-4 w-full rounded-lg border border-slate-200"
                  />
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
