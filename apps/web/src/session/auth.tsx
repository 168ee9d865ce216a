import type { TRole } from '@counterprint/contract';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { refreshSession } from '../api/client';
import { QueryHolderContext } from '../api/queryHolder';
import { AUTH_CHANGED, clearExpiredSession, LOCAL, readActiveRole, setActiveRole } from '../api/storage';
import { decodeToken, rolesOf, secondsLeft } from '../api/token';
import { openingWorkspace } from './workspace';

export interface AuthState {
  /** False until the first check finishes; the app shows a full-screen spinner until then. */
  checked: boolean;
  signedIn: boolean;
  roles: TRole[];
  /** Null only when signed out; a sign-in opens the last workspace (docs/decisions/023). */
  activeRole: TRole | null;
}

const SIGNED_OUT = { signedIn: false, roles: [] as TRole[], activeRole: null };

/** docs/product/rules.md#roles: signed in means a readable token holding at least one role. */
export function readAuth(): Omit<AuthState, 'checked'> {
  const roles = rolesOf(decodeToken(localStorage.getItem(LOCAL.token)));
  if (roles.length === 0) {
    setActiveRole(null);
    return SIGNED_OUT;
  }
  if (roles.length === 1) {
    setActiveRole(roles[0]!);
    return { signedIn: true, roles, activeRole: roles[0]! };
  }
  const stored = readActiveRole();
  if (stored && roles.includes(stored)) return { signedIn: true, roles, activeRole: stored };
  // A fresh sign-in, or a stale choice for a workspace the user no longer has.
  const opening = openingWorkspace(roles)!;
  setActiveRole(opening);
  return { signedIn: true, roles, activeRole: opening };
}

function tokenHasExpired(): boolean {
  const claims = decodeToken(localStorage.getItem(LOCAL.token));
  return claims !== null && secondsLeft(claims) <= 0;
}

const AuthContext = createContext<AuthState>({ checked: false, ...SIGNED_OUT });

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ checked: false, ...SIGNED_OUT });
  const queries = useContext(QueryHolderContext);

  useEffect(() => {
    let latest = 0;
    const check = () => {
      const run = ++latest;
      if (!tokenHasExpired()) {
        // Synchronous, so a navigation right after authChanged already sees the new state.
        setState({ checked: true, ...readAuth() });
        return;
      }
      void refreshSession().then((renewed) => {
        if (!renewed) clearExpiredSession();
        if (run === latest) setState({ checked: true, ...readAuth() });
      });
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === LOCAL.token || e.key === LOCAL.activeRole) check();
    };
    check();
    window.addEventListener(AUTH_CHANGED, check);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(AUTH_CHANGED, check);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // Answers cached for one account must never show to the next.
  useEffect(() => {
    if (state.checked && !state.signedIn) queries.client?.clear();
  }, [state.checked, state.signedIn, queries]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
