import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import helmet from 'koa-helmet';
import { errorHandler } from './middleware/errorHandler';
import { requestLog } from './middleware/requestLog';
import { loadSession } from './middleware/session';
import { webApp } from './middleware/webApp';
import { mount, type Deps, type RouteDef } from './routing';
import { adminRoutes } from './routes/admin/router';
import { authRoutes } from './routes/auth/router';
import { codesRoutes } from './routes/codes/router';
import { foundRoutes } from './routes/found/router';
import { itemsRoutes } from './routes/items/router';
import { systemRoutes } from './routes/system/router';

/** Every API route of the product, each with its declared access. */
export function allRoutes(deps: Deps): RouteDef[] {
  return [
    ...systemRoutes(deps),
    ...authRoutes(deps),
    ...itemsRoutes(deps),
    ...codesRoutes(deps),
    ...foundRoutes(deps),
    ...adminRoutes(deps),
  ];
}

export function createApp(deps: Deps) {
  const app = new Koa({ proxy: deps.config.trustProxy });
  app.use(requestLog(deps.logger));
  app.use(errorHandler);
  app.use(
    helmet({
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
      hsts: !deps.config.isDevelopment,
    }),
  );
  // gzip/brotli for text responses over 1 kB (the finder's bundle on a slow phone network).
  app.use(compress({ threshold: 1024 }));
  if (deps.config.serveWeb) app.use(webApp(deps.config.webDist));
  // Multipart is parsed only by the routes that take files, with their own limits.
  app.use(koaBody({ jsonLimit: '100kb', formLimit: '100kb', textLimit: '100kb', multipart: false }));
  app.use(loadSession(deps.db));
  // A client that goes away mid-response (a closed dashboard's event stream) is not an error.
  app.on('error', (err: NodeJS.ErrnoException) => {
    const gone =
      err.code === 'ECONNRESET' || err.code === 'EPIPE' || err.code === 'ERR_STREAM_PREMATURE_CLOSE';
    deps.logger[gone ? 'debug' : 'error']({ err }, gone ? 'client went away' : 'unhandled server error');
  });
  const router = new Router();
  mount(router, allRoutes(deps), deps);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
