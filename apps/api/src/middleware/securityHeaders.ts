import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * The headers every API answer carries: the set OWASP's REST Security Cheat Sheet names for API
 * responses, stricter than a page's. An answer of the API (JSON, an event stream, a photo, a PDF)
 * is never a page the browser should run or frame: nothing may load from it or frame it, the
 * browser may not guess its type, only this origin may read it, and HTTPS is remembered.
 * `Cache-Control` is set by the answer itself (`no-store` on every envelope).
 */
const API_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];
const HSTS: [string, string] = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'];

/**
 * Security headers on every response. The web app's pages and files get helmet's full set (their
 * policy lets the app load its own scripts, styles and images). API answers (`/api/…`, the paths
 * `webApp` leaves to the routes) get `API_HEADERS` and HSTS: five fixed headers set straight on
 * the response, where helmet's thirteen were meant for documents and cost every finder's call
 * several per cent of its throughput.
 */
export function securityHeaders(opts: { hsts: boolean }): Middleware {
  const pages = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: opts.hsts,
  });
  const api = opts.hsts ? [...API_HEADERS, HSTS] : API_HEADERS;
  return (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return pages(ctx, next);
    for (const [name, value] of api) ctx.res.setHeader(name, value);
    return next();
  };
}
