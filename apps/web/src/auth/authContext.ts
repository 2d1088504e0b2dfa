import { createContext, use } from 'react';
import type { SessionUser } from '@homing/shared';
import type { AuthOutcome, RegisterPayload } from './authRequests';
import type { AuthStatus } from './guards';

export interface AuthContextValue {
  /** 'checking' while a stored session is verified with GET /api/auth/me. */
  status: AuthStatus;
  currentUser: SessionUser | null;
  sessionToken: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True after the user pressed Log out (until the next sign-in). */
  signedOutByUser: boolean;
  /** Stores the session on success. Never throws for server or network failures. */
  login(identifier: string, password: string): Promise<AuthOutcome>;
  register(payload: RegisterPayload): Promise<AuthOutcome>;
  /**
   * Clears the local session at once, then tells the server; a failed call is only logged.
   * `alreadyEnded`: the server ended the session itself (the account was deleted): no call.
   */
  logout(options?: { alreadyEnded?: boolean }): Promise<void>;
  /** Re-checks the stored session with the server; resolves to whether it is still valid. */
  refresh(): Promise<boolean>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
