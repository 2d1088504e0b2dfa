const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Decides the base for API calls from the `apiUrl` of `GET /api/config` (PRODUCT.md, Calls).
 * Same origin as the page: relative paths. A loopback apiUrl seen from another origin is only the
 * server's default (derived from its port) while the page is served through a proxy or another
 * name for this machine, so it is ignored too; a real remote API host is used as given.
 */
export function pickApiBase(apiUrl: unknown, pageOrigin: string | undefined): string {
  if (typeof apiUrl !== 'string' || apiUrl.trim() === '') return '';
  let url: URL;
  try {
    url = new URL(apiUrl.trim());
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  const prefix = url.pathname.replace(/\/+$/, '');
  if (!pageOrigin || url.origin === pageOrigin || LOOPBACK.has(url.hostname)) return prefix;
  return `${url.origin}${prefix}`;
}
