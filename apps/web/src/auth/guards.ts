import { authRedirectPath } from './returnUrl';

/** Who may see a screen (PRODUCT.md, Screens, routing table). */
export type RouteAccess = 'public' | 'user' | 'admin';

export type AuthStatus = 'checking' | 'authenticated' | 'anonymous';

export interface GuardAuthState {
  status: AuthStatus;
  isAdmin: boolean;
  /** The user pressed Log out: leave for the home page, not for the login screen. */
  signedOutByUser: boolean;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'wait' } | { kind: 'redirect'; to: string };

export function decideAccess(
  access: RouteAccess,
  auth: GuardAuthState,
  location: { pathname: string; search: string },
): GuardDecision {
  if (access === 'public') return { kind: 'allow' };
  // A stored session is still being checked: a calm wait, never a premature redirect.
  if (auth.status === 'checking') return { kind: 'wait' };
  if (auth.status === 'anonymous') {
    if (auth.signedOutByUser) return { kind: 'redirect', to: '/' };
    return { kind: 'redirect', to: authRedirectPath(location.pathname, location.search) };
  }
  if (access === 'admin' && !auth.isAdmin) return { kind: 'redirect', to: '/' };
  return { kind: 'allow' };
}
