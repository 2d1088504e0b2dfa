import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SessionUser } from '@homing/shared';
import type { ApiClient } from '../api/client';
import { AuthContext, type AuthContextValue } from './authContext';
import { requestLogin, requestRegister, type AuthOutcome, type RegisterPayload } from './authRequests';
import type { SessionStore } from './sessionStore';

interface Props {
  api: ApiClient;
  store: SessionStore;
  children: ReactNode;
}

type CheckResult = 'valid' | 'invalid' | 'unreachable';

async function checkSession(api: ApiClient, store: SessionStore, token: string): Promise<CheckResult> {
  const result = await api.get<{ user: SessionUser }>('/api/auth/me', { token });
  if (store.token() !== token) return 'invalid'; // signed out or replaced meanwhile
  if (result.success && result.data?.user) {
    store.set({ sessionToken: token, user: result.data.user });
    return 'valid';
  }
  // Offline is not a verdict on the session; keep it if we still know who the user is.
  if (result.status === 0 && store.get()?.user) return 'unreachable';
  store.clear();
  return 'invalid';
}

export function AuthProvider({ api, store, children }: Props) {
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);
  const [verifiedToken, setVerifiedToken] = useState<string | null>(null);
  const [signedOutByUser, setSignedOutByUser] = useState(false);
  const token = session?.sessionToken ?? null;

  useEffect(() => {
    if (!token || token === verifiedToken) return;
    let cancelled = false;
    void checkSession(api, store, token).then((result) => {
      if (!cancelled && result !== 'invalid') setVerifiedToken(token);
    });
    return () => {
      cancelled = true;
    };
  }, [api, store, token, verifiedToken]);

  const signIn = useCallback(
    (outcome: AuthOutcome) => {
      if (outcome.success) {
        setVerifiedToken(outcome.sessionToken);
        setSignedOutByUser(false);
        store.set({ sessionToken: outcome.sessionToken, user: outcome.user });
      }
      return outcome;
    },
    [store],
  );

  const value = useMemo<AuthContextValue>(() => {
    const status = !session
      ? 'anonymous'
      : session.sessionToken === verifiedToken
        ? 'authenticated'
        : 'checking';
    const currentUser = status === 'authenticated' ? (session?.user ?? null) : null;
    return {
      status,
      currentUser,
      sessionToken: status === 'authenticated' ? token : null,
      isAuthenticated: status === 'authenticated',
      isAdmin: currentUser?.isAdmin === true,
      signedOutByUser,
      login: async (identifier, password) => signIn(await requestLogin(api, identifier, password)),
      register: async (payload: RegisterPayload) => signIn(await requestRegister(api, payload)),
      logout: async (options) => {
        const current = store.token();
        setSignedOutByUser(true);
        setVerifiedToken(null);
        store.clear();
        if (!current || options?.alreadyEnded) return;
        try {
          const result = await api.post('/api/auth/logout', undefined, { token: current });
          if (!result.success) console.warn('Logout call failed:', result.error || result.status);
        } catch (err) {
          console.warn('Logout call failed:', err);
        }
      },
      refresh: async () => {
        const current = store.token();
        if (!current) return false;
        const result = await checkSession(api, store, current);
        if (result !== 'invalid') setVerifiedToken(current);
        return result !== 'invalid';
      },
    };
  }, [api, store, session, token, verifiedToken, signedOutByUser, signIn]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
