import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { type AppLocale, LocaleContext } from '../lib/i18n';
import { pageErrorTexts } from '../lib/pageErrors';

/**
 * True for the error a lazy route throws when its chunk cannot be fetched: typically after a deploy, when
 * the page still names the old build's files (each browser words it differently), or offline.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css|loading (css )?chunk .* failed/i.test(
    error.message,
  );
}

type Props = {
  children: ReactNode;
  /** `app`: the whole screen (nothing else is left to show); `section`: the main area of a dashboard page. */
  variant?: 'app' | 'section';
  /** When this changes (the dashboards pass the path), a caught error is forgotten: moving to another page recovers. */
  resetKey?: unknown;
  /** Reloads the page (a test passes a spy). */
  reload?: () => void;
};
type State = { error: unknown; key: unknown; caught: boolean };

/**
 * Catches what a page throws while rendering, and a lazy page whose code failed to load, and shows a card
 * with the way out instead of a blank page: "Reload page" for a chunk that failed to load (a reload
 * fetches the new build's files), "Try again" and "Reload page" for anything else.
 */
export class ErrorBoundary extends Component<Props, State> {
  // The page's language, read without suspending: an error card must show at once (English until the Hindi is in).
  static override contextType = LocaleContext;
  declare context: AppLocale;
  override state: State = { error: null, key: this.props.resetKey, caught: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.key) return null;
    return { key: props.resetKey, error: null, caught: false };
  }

  private readonly retry = () => this.setState({ error: null, caught: false });
  private readonly reload = () => (this.props.reload ?? (() => window.location.reload()))();

  override render() {
    if (!this.state.caught) return this.props.children;
    const PAGE_ERROR_MSG = pageErrorTexts(this.context);
    const stale = isChunkLoadError(this.state.error);
    // Offline, a page's code that was never saved cannot load: that is no new version (issue 27).
    const offline = stale && typeof navigator !== 'undefined' && navigator.onLine === false;
    const app = this.props.variant === 'app';
    const titleId = app ? 'app-error-title' : 'page-error-title';
    const card = (
      <section
        role="alert"
        aria-labelledby={titleId}
        className="mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-md sm:p-8"
      >
        <span
          className={`mx-auto mb-4 inline-flex h-12 w-12 items-center justify-center rounded-full ${stale ? 'bg-brand-50 text-brand-700' : 'bg-amber-50 text-amber-700'}`}
        >
          {stale ? <RefreshCw aria-hidden="true" className="h-6 w-6" /> : <TriangleAlert aria-hidden="true" className="h-6 w-6" />}
        </span>
        <h1 id={titleId} className="text-xl font-bold text-slate-900">
          {offline ? PAGE_ERROR_MSG.offlineTitle : stale ? PAGE_ERROR_MSG.staleTitle : PAGE_ERROR_MSG.crashedTitle}
        </h1>
        <p className="mt-2 text-slate-600">
          {offline ? PAGE_ERROR_MSG.offlineBody : stale ? PAGE_ERROR_MSG.staleBody : PAGE_ERROR_MSG.crashedBody}
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <button
            type="button"
            onClick={this.reload}
            className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {PAGE_ERROR_MSG.reload}
          </button>
          {stale ? null : (
            <button
              type="button"
              onClick={this.retry}
              className="rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-700 hover:bg-slate-50"
            >
              {PAGE_ERROR_MSG.tryAgain}
            </button>
          )}
        </div>
        {app ? (
          // A plain link: a full page load, whatever state the app is in.
          <a href="/" className="mt-4 inline-block font-medium text-brand-700 underline-offset-4 hover:underline">
            {PAGE_ERROR_MSG.home}
          </a>
        ) : null}
      </section>
    );
    return app ? (
      <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">{card}</main>
    ) : (
      <div className="py-8">{card}</div>
    );
  }
}
