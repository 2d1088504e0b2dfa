import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * The headers every API answer carries: the set OWASP's REST Security Cheat Sheet names for API
 * responses, stricter than a page's. An answer of the API (JSON, an event stream, a photo, a PDF)
 * is never a page the browser should run or frame: nothing may load from it or frame it, the
 * browser may not guess its type, only this origin may read it, and HTTPS is remembered.
 * `Cache-Control` is set by the answer itself (`no-store` on every envelope).
 */
export function apiSecurityHeaders(opts: { hsts: boolean }): [string, string][] {
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ...(opts.hsts
      ? [['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
  ];
}

/**
 * Security headers on every response. The web app's pages and files get helmet's full set (their
 * policy lets the app load its own scripts, styles and images). API answers (`/api/…`, the paths
 * `webApp` leaves to the routes) get `apiSecurityHeaders`: five fixed headers set straight on the
 * response, where helmet's thirteen were meant for documents and cost every finder's call a tenth
 * of its throughput.
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
  const api = apiSecurityHeaders(opts);
  return (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return pages(ctx, next);
    for (const [name, value] of api) ctx.res.setHeader(name, value);
    return next();
  };
}
