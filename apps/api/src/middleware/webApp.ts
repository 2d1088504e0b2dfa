import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

const YEAR_MS = 365 * 24 * 3600 * 1000;
// `npm run build` wrote each text file's brotli and gzip forms beside it (scripts/build.ts): koa-send
// sends the one the browser accepts as it is, and koa-compress leaves an encoded answer alone.
const SEND = { brotli: true, gzip: true } as const;

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
 * The page and answer while the web app cannot be served (not built, or its build folder gone): a
 * 503 the browser can show, or the API's envelope for anything else. Never a server path.
 */
const UNAVAILABLE = 'The web app is not available right now. Please try again in a moment.';
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not available</title></head>
  <body><h1>Not available right now</h1><p>${UNAVAILABLE}</p></body>
</html>
`;
function unavailable(ctx: Context) {
  ctx.status = 503;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Retry-After', '5');
  if (ctx.accepts('json', 'html') === 'html') {
    ctx.type = 'html';
    ctx.body = UNAVAILABLE_PAGE;
  } else {
    ctx.type = 'json';
    ctx.body = JSON.stringify({
      success: false,
      data: null,
      error: UNAVAILABLE,
      code: 'web_app_unavailable',
    });
  }
}

/**
 * One build of the web app as this process serves it: `distDir` resolved once (`npm run build` makes
 * it a link it switches to each new build), so every page and each script it loads come from the
 * same build, whatever a later build does. Null while there is no whole build (no index.html).
 */
function loadBuild(distDir: string) {
  let root: string;
  try {
    root = fs.realpathSync(distDir);
  } catch {
    return null;
  }
  if (!fs.existsSync(path.join(root, 'index.html'))) return null;
  const finderFile = path.join(root, 'found.html');
  const finderHtml = fs.existsSync(finderFile) ? fs.readFileSync(finderFile, 'utf8') : null;
  return { root, finderHtml, template: finderHtml ? labelPageTemplate(finderHtml, root) : null };
}
type Build = NonNullable<ReturnType<typeof loadBuild>>;

const missing = (err: unknown) => (err as { status?: number }).status === 404;

/**
 * Serves the built web app; any other non-API GET gets index.html (client-side routes), and
 * /found and /found/* (any case) get the finder's own page; `/` is the finder's front door (the
 * owner app's landing at `/?app`); `/metrics` is left to the 404.
 * `/qr/{code}` (the URL on every label) gets the finder page with the label's state in it, whatever
 * it is (one round trip, no owner app); `?app` (a signed-in browser, or a visitor who wants to claim
 * an unclaimed label) and a failed look-up get the owner app's scan flow. The build is read once
 * (loadBuild); should it be missing or go away (removed by hand, pruned by later builds), the
 * current one is looked up again, and without one a page is a 503 (`unavailable`). Hashed assets
 * are immutable; pages are revalidated so a deploy shows at once.
 */
export function webApp(distDir: string, opts: { labelView?: LabelView; brandName?: string } = {}) {
  const { labelView, brandName = 'Homing' } = opts;
  let build = loadBuild(distDir);
  /** The build to serve now: this one while its pages are there, else the current one (or null). */
  const current = () => {
    if (!build || !fs.existsSync(path.join(build.root, 'index.html'))) build = loadBuild(distDir);
    return build;
  };
  const wantsOwnerApp = (ctx: Context) => ctx.querystring.split('&').includes(OWNER_APP_PARAM);

  /**
   * `/`, the address printed on every label, typed by a finder whose camera failed: the finder's
   * light page in its `home` state (the form to type the code, owners one tap away at `/?app`), in
   * one response like a label's page. A signed-in browser goes on to the owner app, as at a label.
   */
  function servedFrontDoor(ctx: Context, { template }: Build) {
    if (ctx.path !== '/' || !template || wantsOwnerApp(ctx)) return false;
    ctx.set('Cache-Control', 'private, no-cache');
    allowInlineScripts(ctx, template.hashes);
    ctx.type = 'html';
    ctx.body = labelPage(template.html, { qrCode: '', state: 'home', brandName });
    return true;
  }

  async function servedLabelPage(ctx: Context, { template }: Build) {
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

  /** Sends `file` of the build; false when the build has no such file. */
  async function sent(ctx: Context, served: Build, file: string) {
    const immutable = file.startsWith('assets/');
    try {
      // koa-send stays inside the build; it returns nothing for directories and hidden files.
      return Boolean(
        await send(ctx, file, { ...SEND, root: served.root, maxage: immutable ? YEAR_MS : 0, immutable }),
      );
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
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
    let served = current();
    if (!served) return unavailable(ctx);
    if (servedFrontDoor(ctx, served) || (await servedLabelPage(ctx, served))) return;
    const file = ctx.path.replace(/^\/+/, '');
    if (file && !file.endsWith('/')) {
      if (await sent(ctx, served, file)) return;
      // Not in this build: a file of a build since removed is a 503 too, not a 404.
      const now = current();
      if (now !== served) {
        if (!now) return unavailable(ctx);
        served = now;
        if (await sent(ctx, served, file)) return;
      }
    }
    if (path.extname(file) && !file.endsWith('.html')) return next();
    ctx.set('Cache-Control', 'no-cache');
    const page = served.finderHtml && /^\/found(\/|$)/i.test(ctx.path) ? 'found.html' : 'index.html';
    if (!(await sent(ctx, served, page))) return unavailable(ctx);
  };
}
