export type AuthMode = 'login' | 'register';

/** PRODUCT.md, Screens: register mode when the path is /auth/createaccount in any letter case. */
export function authModeFor(pathname: string): AuthMode {
  return /^\/auth\/createaccount\/?$/i.test(pathname) ? 'register' : 'login';
}

export const AUTH_PATHS: Record<AuthMode, string> = { login: '/auth', register: '/auth/createAccount' };
