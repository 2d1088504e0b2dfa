import { hasControlCharacters } from '@homing/shared';
import Koa from 'koa';
import { clientAddress } from './lib/trustedProxies';
import { codeLookup } from './limits';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import { notFound } from './errors';
import { errorHandler } from './middleware/errorHandler';
import { requestLog } from './middleware/requestLog';
import { securityHeaders } from './middleware/securityHeaders';
import { loadSession } from './middleware/session';
import { webApp } from './middleware/webApp';
import { routesMiddleware, type Deps, type RouteDef } from './routing';
import { pushRoutes } from './routes/account/push';
import { accountRoutes } from './routes/account/router';
import { adminRoutes } from './routes/admin/router';
import { authRoutes } from './routes/auth/router';
import { codesRoutes } from './routes/codes/router';
import { backupContactRoutes } from './routes/contacts/backup';
import { contactsRoutes } from './routes/contacts/router';
import { foundRoutes } from './routes/found/router';
import { finderThreadRoutes } from './routes/found/thread';
import { reportThreadRoutes } from './routes/reports/router';
import { itemsRoutes } from './routes/items/router';
import { systemRoutes } from './routes/system/router';
import { labelPageLoader } from './services/finders/labelPageLoader';

/**
 * A path whose decoded form holds a control character (`/api/found/%00`) names nothing: 404 before
 * any route reads it as a parameter and sends it to the database (PostgreSQL refuses NUL in text).
 */
const refuseControlCharactersInPath: Koa.Middleware = async (ctx, next) => {
  let decoded = ctx.path;
  if (decoded.includes('%'))
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // The router leaves a malformed escape undecoded: its parameters stay plain text.
    }
  if (hasControlCharacters(decoded)) throw notFound();
  return next();
};

/** Every API route of the product, each with its declared access. */
export function allRoutes(deps: Deps): RouteDef[] {
  return [
    ...systemRoutes(deps),
    ...authRoutes(deps),
    ...contactsRoutes(deps),
    ...backupContactRoutes(deps),
    ...itemsRoutes(deps),
    ...codesRoutes(deps),
    ...foundRoutes(deps),
    ...finderThreadRoutes(deps),
    ...reportThreadRoutes(deps),
    ...adminRoutes(deps),
    ...accountRoutes(deps),
    ...pushRoutes(deps),
  ];
}

export function createApp(deps: Deps) {
  const app = new Koa();
  // Behind N trusted proxies the client is the N-th address from the right of X-Forwarded-For (the
  // one the outermost proxy saw); anything left of it was written by the client and is ignored.
  // The header is read only on a connection from a proxy of TRUST_PROXY_FROM: a client reaching
  // the port directly is counted as itself.
  if (deps.config.trustProxy) {
    const { trustProxyFrom, trustProxyHops } = deps.config;
    app.use((ctx, next) => {
      ctx.request.ip = clientAddress(
        ctx.req.socket.remoteAddress,
        ctx.get('X-Forwarded-For') || undefined,
        trustProxyFrom,
        trustProxyHops,
      );
      return next();
    });
  }
  // Each request is timed once, for its log line and its metrics. An answer written once a graceful
  // shutdown has begun, whenever its request came, closes its connection (server.ts).
  app.use(
    requestLog(app, deps.logger, (ctx, ms) => {
      deps.metrics.countRequest(ctx, ms);
      if (deps.stopping.aborted) ctx.res.shouldKeepAlive = false;
    }),
  );
  app.use(errorHandler);
  // Helmet's full set for the web app's pages; the API's own stricter, shorter set for API answers.
  // Set before anything can refuse the request, so every answer carries them.
  app.use(securityHeaders({ hsts: !deps.config.isDevelopment }));
  app.use(refuseControlCharactersInPath);
  // gzip/brotli for text responses over 1 kB (the finder's bundle on a slow phone network).
  app.use(compress({ threshold: 1024 }));
  if (deps.config.serveWeb) {
    // The label's URL is answered by the server: a found item's page carries the item (webApp.ts).
    // Counted on the same per-address look-up limit as every other door: past it the label's URL
    // is the owner app's scan flow, whose own look-up is refused (429), so nothing is revealed.
    const lookups = codeLookup.bind({ db: deps.db, config: deps.config });
    const labelView = async (qrCode: string, ip: string) => {
      await lookups({ ip });
      return labelPageLoader({ qrCode }, { trx: deps.db, config: deps.config });
    };
    app.use(webApp(deps.config.webDist, { labelView, brandName: deps.config.brand.name }));
  }
  // Multipart is parsed only by the routes that take files, with their own limits.
  app.use(koaBody({ jsonLimit: '100kb', formLimit: '100kb', textLimit: '100kb', multipart: false }));
  app.use(loadSession(deps.db));
  // A client that goes away mid-response (a closed dashboard's event stream) is not an error.
  app.on('error', (err: NodeJS.ErrnoException) => {
    const gone =
      err.code === 'ECONNRESET' || err.code === 'EPIPE' || err.code === 'ERR_STREAM_PREMATURE_CLOSE';
    deps.logger[gone ? 'debug' : 'error']({ err }, gone ? 'client went away' : 'unhandled server error');
  });
  app.use(routesMiddleware(allRoutes(deps), deps));
  return app;
}
