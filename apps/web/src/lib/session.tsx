import type { Role, User } from '@kiraya/contract';
import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { setSignedOutHandler } from './signedOut';

const STORAGE_KEY = 'user';

type Status = 'checking' | 'ready';
type SessionValue = {
  user: User | null;
  status: Status;
  /** Stores the signed-in user (after login or a profile save). */
  setUser: (user: User | null) => void;
  /** Forgets the user locally (after logout or a failed refresh); guarded pages then send the visitor to `exitTo`. */
  clear: (exitTo?: string) => void;
  /** Where a guarded page sends someone who is no longer signed in: /auth, or / after a logout. */
  exitTo: string;
};

const SessionContext = createContext<SessionValue | null>(null);

/** What is kept in localStorage: the user with the Aadhaar number masked (B9); the full number stays in memory. */
export function userForStorage(u: User): User {
  const digits = String(u.aadharCardNumber ?? '').replace(/\s/g, '');
  return /^\d{12}$/.test(digits) ? { ...u, aadharCardNumber: `XXXX XXXX ${digits.slice(-4)}` } : u;
}

export function readSavedUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export const dashboardFor = (role: Role | string | undefined): string | null =>
  role === 'owner' ? '/OwnerDashboard' : role === 'tenant' ? '/TenantDashboard' : role === 'admin' ? '/AdminDashboard' : null;

/**
 * The start-up session check (spec 4): restore the saved user, ask the server for the current one (the
 * client refreshes the token only if the access cookie is refused), and clear both when that is refused.
 *
 * `deferSavedUser` is set when React hydrates the prerendered landing page: the first render must
 * match the server's (nobody signed in), so the saved user is restored in an effect instead.
 */
export function SessionProvider({ children, deferSavedUser = false }: { children: ReactNode; deferSavedUser?: boolean }) {
  const canRead = typeof window !== 'undefined' && !deferSavedUser;
  const [user, setUserState] = useState<User | null>(() => (canRead ? readSavedUser() : null));
  const [status, setStatus] = useState<Status>(() => (canRead ? (readSavedUser() ? 'checking' : 'ready') : 'checking'));

  const [exitTo, setExitTo] = useState('/auth');
  // Bumped by every explicit change, so a start-up check still in flight never overrides a login or logout.
  const generation = useRef(0);

  const store = useCallback((u: User | null) => {
    setUserState(u);
    if (u) localStorage.setItem(STORAGE_KEY, JSON.stringify(userForStorage(u)));
    else {
      localStorage.removeItem(STORAGE_KEY);
      // Signed out: the answers kept for offline use go with the user (issue 27, ADR 035).
      void import('./offline').then((m) => m.clearApiCache());
    }
  }, []);
  const setUser = useCallback(
    (u: User | null) => {
      generation.current++;
      if (u) setExitTo('/auth');
      store(u);
    },
    [store],
  );
  const clear = useCallback(
    (to = '/auth') => {
      setExitTo(to);
      setUser(null);
    },
    [setUser],
  );

  useEffect(() => {
    setSignedOutHandler(() => clear());
    const saved = readSavedUser();
    // A transition: an urgent update here would make React drop server-rendered HTML (ADR 015) that is
    // still waiting for its lazily loaded page component, and render the spinner in its place.
    if (!saved) {
      startTransition(() => setStatus('ready'));
      return;
    }
    startTransition(() => {
      setUserState(saved);
      setStatus('checking');
    });
    const started = generation.current;
    let cancelled = false;
    const stale = () => cancelled || generation.current !== started;
    (async () => {
      // The API client (and its messages) loads only here: the landing page needs none of it at first paint.
      // Ask who is signed in first: the access cookie is usually still valid, so a reload does not rotate
      // the refresh token. On 401 the client refreshes (shared across tabs) and asks again.
      let ApiErrorClass: typeof import('./api').ApiError | undefined;
      try {
        const { ApiError, api } = await import('./api');
        ApiErrorClass = ApiError;
        const fresh = await api<User>('/users/get-current-user');
        if (!stale()) store(fresh);
      } catch (e) {
        // Only a refusal signs out; a network failure or a server error keeps the saved user for now.
        if (!stale() && ApiErrorClass && e instanceof ApiErrorClass && e.status === 401) store(null);
      } finally {
        if (!cancelled) setStatus('ready');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [clear, store]);

  const value = useMemo(() => ({ user, status, setUser, clear, exitTo }), [user, status, setUser, clear, exitTo]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
