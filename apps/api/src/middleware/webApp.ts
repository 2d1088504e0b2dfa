import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

/**
 * Serves the built web app; any other non-API GET gets index.html (client-side routes).
 * Hashed assets are immutable; index.html is revalidated so a deploy shows at once.
 */
export function webApp(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx: Context, next: Next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/healthz'
    )
      return next();
    if (!fs.existsSync(indexFile)) return next();
    const file = ctx.path.replace(/^\/+/, '');
    if (
      file &&
      !file.endsWith('/') &&
      fs.existsSync(path.join(distDir, file)) &&
      fs.statSync(path.join(distDir, file)).isFile()
    ) {
      const immutable = file.startsWith('assets/');
      await send(ctx, file, { root: distDir, maxage: immutable ? 365 * 24 * 3600 * 1000 : 0, immutable });
      return;
    }
    if (path.extname(file) && !file.endsWith('.html')) return next();
    ctx.set('Cache-Control', 'no-cache');
    // Sub-apps with their own small bundle (e.g. found.html) take their prefix.
    const page =
      ctx.path.startsWith('/found/') && fs.existsSync(path.join(distDir, 'found.html'))
        ? 'found.html'
        : 'index.html';
    await send(ctx, page, { root: distDir });
  };
}
