import type { Role, User } from '@kiraya/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, refreshSession, setSignedOutHandler } from './api';

const STORAGE_KEY = 'user';

type Status = 'checking' | 'ready';
type SessionValue = {
  user: User | null;
  status: Status;
  /** Stores the signed-in user (after login or a profile save). */
  setUser: (user: User | null) => void;
  /** Forgets the user locally (after logout or a failed refresh). */
  clear: () => void;
};

const SessionContext = createContext<SessionValue | null>(null);

export function readSavedUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export const dashboardFor = (role: Role | string | undefined): string | null =>
  role === 'owner' ? '/OwnerDashboard' : role === 'tenant' ? '/TenantDashboard' : null;

/**
 * The start-up session check (spec 4): restore the saved user, refresh the token,
 * and clear both when that fails.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(() => (typeof window === 'undefined' ? null : readSavedUser()));
  const [status, setStatus] = useState<Status>(() => (typeof window !== 'undefined' && readSavedUser() ? 'checking' : 'ready'));

  const setUser = useCallback((u: User | null) => {
    setUserState(u);
    if (u) localStorage.setItem(STORAGE_KEY, JSON.stringify(u));
    else localStorage.removeItem(STORAGE_KEY);
  }, []);
  const clear = useCallback(() => setUser(null), [setUser]);

  useEffect(() => {
    setSignedOutHandler(clear);
    if (!readSavedUser()) return;
    let cancelled = false;
    (async () => {
      const ok = await refreshSession();
      if (cancelled) return;
      if (!ok) {
        clear();
        setStatus('ready');
        return;
      }
      try {
        const fresh = await api<User>('/users/get-current-user');
        if (!cancelled) setUser(fresh);
      } catch {
        if (!cancelled) clear();
      } finally {
        if (!cancelled) setStatus('ready');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [clear, setUser]);

  const value = useMemo(() => ({ user, status, setUser, clear }), [user, status, setUser, clear]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
