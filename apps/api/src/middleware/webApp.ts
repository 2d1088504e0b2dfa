import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

const YEAR_MS = 365 * 24 * 3600 * 1000;
// koa-compress compresses; skip koa-send's per-request look-ups of pre-compressed siblings.
const SEND = { brotli: false, gzip: false } as const;

/**
 * What the page of a label shows a visitor, embedded in its HTML (`state`: item, unattached,
 * inactive, unclaimed, unknown; services/finders/labelPageLoader.ts); null: the owner app's scan flow
 * (also past the caller's look-up limit, where the owner app's own look-up answers 429).
 */
export type LabelView = (qrCode: string, ip: string) => Promise<{ state: string; brandName: string } | null>;

/**
 * The server cannot see a session on a page load (the token lives in localStorage), so the label's
 * finder page starts with this: a signed-in owner or claimer goes on to the owner app's scan flow
 * (`?app`), before the finder's bundle does anything. Visitors never download the owner app.
 */
export const OWNER_APP_PARAM = 'app';
const OWNER_CHECK =
  'try{if(localStorage.getItem("sessionToken")){document.documentElement.dataset.ownerApp="1";' +
  `location.replace(location.pathname+(location.search?location.search+"&":"?")+"${OWNER_APP_PARAM}")}}catch(e){}`;
const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** `/qr/{code}` → the code (decoded, trimmed); null for any other path or an unusable code. */
export function labelCode(pathname: string): string | null {
  const segment = /^\/qr\/([^/]+)\/?$/i.exec(pathname)?.[1];
  if (!segment) return null;
  try {
    const code = decodeURIComponent(segment).trim();
    return code && code.length <= 64 ? code : null;
  } catch {
    return null;
  }
}

/**
 * JSON that can sit inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), `>`, `&`, and no U+2028/U+2029, whatever an owner typed in a name.
 */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The label's page template, read once: the finder page with the owner check first in <head>, and
 * its bundle's script and stylesheet inlined, so a phone on a slow network waits for one response,
 * not two (a finder opens a label once; there is no cache to lose). A file that could not sit
 * inline safely stays a link. Returns the template and the hashes its inline scripts need.
 */
function labelPageTemplate(finderHtml: string, distDir: string) {
  const hashes = [sha256(OWNER_CHECK)];
  const asset = (url: string) => {
    const file = path.join(distDir, url);
    if (!url.startsWith('/assets/') || !fs.existsSync(file)) return null;
    const text = fs.readFileSync(file, 'utf8');
    return /<\/(script|style)|<!--/i.test(text) ? null : text;
  };
  const head = /<\/title>/i.test(finderHtml) ? /<\/title>/i : /<head>/i;
  const html = finderHtml
    .replace(head, (tag) => `${tag}\n    <script>${OWNER_CHECK}</script>`)
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (tag, url: string) => {
      // The source map's address is relative to the script's own, which is no longer /assets/.
      const dir = path.posix.dirname(url);
      const js = asset(url)
        ?.replace(/\/\/# sourceMappingURL=(\S+)\s*$/, (_, map: string) =>
          map.startsWith('/') ? _ : `//# sourceMappingURL=${path.posix.join(dir, map)}`,
        )
        // Likewise a chunk loaded on demand (the finder's international phone rules).
        .replace(
          /\bimport\((["'`])\.\/([\w.-]+\.js)\1\)/g,
          (_, quote: string, file: string) => `import(${quote}${path.posix.join(dir, file)}${quote})`,
        );
      if (js === undefined) return tag;
      hashes.push(sha256(js));
      return `<script type="module">${js}</script>`;
    })
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (tag, url: string) => {
      const css = asset(url);
      return css === null ? tag : `<style>${css}</style>`;
    });
  return { html, hashes };
}

const labelPage = (template: string, data: unknown) =>
  template.replace(
    /<\/body>/i,
    () => `  <script type="application/json" id="finder-data">${jsonForHtml(data)}</script>\n  </body>`,
  );

/** This response's CSP, allowing its own inline scripts (helmet set the header before). */
function allowInlineScripts(ctx: Context, hashes: string[]) {
  const csp = ctx.response.get('Content-Security-Policy');
  if (!csp) return;
  const allowed = hashes.join(' ');
  ctx.set(
    'Content-Security-Policy',
    /(^|;)\s*script-src\s/.test(csp)
      ? csp.replace(/((?:^|;)\s*script-src\s[^;]*)/, `$1 ${allowed}`)
      : `${csp};script-src 'self' ${allowed}`,
  );
}

/**
 * Paths that are never a page: `/metrics` is served by the metrics listener only (server.ts), so
 * here it is the same 404 as without the web app, never the app's page.
 */
const NOT_ON_THIS_PORT = /^\/metrics(\/|$)/i;

/**
 * Serves the built web app; any other non-API GET gets index.html (client-side routes), and
 * /found and /found/* (any case) get the finder's own page; `/` is the finder's front door (the
 * owner app's landing at `/?app`); `/metrics` is left to the 404.
 * `/qr/{code}` (the URL on every label) gets the finder page with the label's state in it, whatever
 * it is (one round trip, no owner app); `?app` (a signed-in browser, or a visitor who wants to claim
 * an unclaimed label) and a failed look-up get the owner app's scan flow. What the build contains is read once at start. Hashed assets are
 * immutable; pages are revalidated so a deploy shows at once.
 */
export function webApp(distDir: string, opts: { labelView?: LabelView; brandName?: string } = {}) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return (_ctx: Context, next: Next) => next();
  const finderFile = path.join(distDir, 'found.html');
  const finderHtml = fs.existsSync(finderFile) ? fs.readFileSync(finderFile, 'utf8') : null;
  const { labelView, brandName = 'Homing' } = opts;
  const template = finderHtml && labelPageTemplate(finderHtml, distDir);
  const wantsOwnerApp = (ctx: Context) => ctx.querystring.split('&').includes(OWNER_APP_PARAM);

  /**
   * `/`, the address printed on every label, typed by a finder whose camera failed: the finder's
   * light page in its `home` state (the form to type the code, owners one tap away at `/?app`), in
   * one response like a label's page. A signed-in browser goes on to the owner app, as at a label.
   */
  function servedFrontDoor(ctx: Context) {
    if (ctx.path !== '/' || !template || wantsOwnerApp(ctx)) return false;
    ctx.set('Cache-Control', 'private, no-cache');
    allowInlineScripts(ctx, template.hashes);
    ctx.type = 'html';
    ctx.body = labelPage(template.html, { qrCode: '', state: 'home', brandName });
    return true;
  }

  async function servedLabelPage(ctx: Context) {
    const code = labelCode(ctx.path);
    if (!code || !template || !labelView || wantsOwnerApp(ctx)) return false;
    // A failed look-up (database busy or down) is not the label's fault: the owner app's scan flow
    // asks again and shows its own error, as it did before this page existed.
    const view = await labelView(code, ctx.ip).catch(() => null);
    if (!view) return false;
    ctx.set('Cache-Control', 'private, no-cache');
    // The page still offers what to do (type the code), but the address leads nowhere.
    if (view.state === 'unknown') ctx.status = 404;
    allowInlineScripts(ctx, template.hashes);
    ctx.type = 'html';
    ctx.body = labelPage(template.html, { qrCode: code, ...view });
    return true;
  }

  return async (ctx: Context, next: Next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/healthz' ||
      ctx.path === '/readyz' ||
      NOT_ON_THIS_PORT.test(ctx.path)
    )
      return next();
    // The label's QR symbol carries its URL upper-cased (QR alphanumeric mode: a smaller symbol,
    // bigger modules); `/QR/{code}` goes on to the spec's `/qr/{code}`, query kept.
    const upper = ctx.path.startsWith('/qr/') ? null : /^\/qr\/([^/]+)\/?$/i.exec(ctx.path);
    if (upper) {
      ctx.status = 301;
      ctx.redirect(`/qr/${upper[1]}${ctx.search}`);
      return;
    }
    if (servedFrontDoor(ctx) || (await servedLabelPage(ctx))) return;
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
    const page = finderHtml && /^\/found(\/|$)/i.test(ctx.path) ? 'found.html' : 'index.html';
    await send(ctx, page, { ...SEND, root: distDir });
  };
}
