const DEFAULT_TARGET = '/dashboard';
const PROBE_ORIGIN = 'http://homing.invalid';

/** `/auth?returnUrl=<encoded path and query>` for a visitor stopped by a sign-in guard. */
export function authRedirectPath(pathname: string, search = ''): string {
  return `/auth?returnUrl=${encodeURIComponent(`${pathname}${search}`)}`;
}

/**
 * A returnUrl we may navigate to: a path on this site (one leading '/', never '//' or '/\'),
 * not the auth screen itself. Anything else is dropped.
 */
export function safeReturnUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\'))
    return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // Dot segments collapse ('/.//evil.example' → '//evil.example'): the result is checked again.
  if (url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return null;
  if (/^\/auth(\/|$)/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after signing in: the returnUrl of the query when it is safe, else the dashboard. */
export function postLoginTarget(search: string): string {
  return safeReturnUrl(new URLSearchParams(search).get('returnUrl')) ?? DEFAULT_TARGET;
}
