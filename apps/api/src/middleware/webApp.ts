import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

const YEAR_MS = 365 * 24 * 3600 * 1000;
// koa-compress compresses; skip koa-send's per-request look-ups of pre-compressed siblings.
const SEND = { brotli: false, gzip: false } as const;

/**
 * Serves the built web app; any other non-API GET gets index.html (client-side routes), and
 * /found and /found/* (any case) get the finder's own page. What the build contains is read once at start.
 * Hashed assets are immutable; pages are revalidated so a deploy shows at once.
 */
export function webApp(distDir: string) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return (_ctx: Context, next: Next) => next();
  const hasFinderPage = fs.existsSync(path.join(distDir, 'found.html'));
  return async (ctx: Context, next: Next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/healthz' ||
      ctx.path === '/readyz'
    )
      return next();
    const file = ctx.path.replace(/^\/+/, '');
    if (file && !file.endsWith('/')) {
      const immutable = file.startsWith('assets/');
      try {
        // koa-send stays inside distDir; it returns nothing for directories and hidden files.
        if (await send(ctx, file, { ...SEND, root: distDir, maxage: immutable ? YEAR_MS : 0, immutable }))
          return;
      } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
      }
    }
    if (path.extname(file) && !file.endsWith('.html')) return next();
    ctx.set('Cache-Control', 'no-cache');
    const page = hasFinderPage && /^\/found(\/|$)/i.test(ctx.path) ? 'found.html' : 'index.html';
    await send(ctx, page, { ...SEND, root: distDir });
  };
}
