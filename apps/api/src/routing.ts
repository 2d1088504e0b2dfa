import Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { Knex } from 'knex';
import type { Config } from './config';
import { inTransaction, withEffects, type Ctx, type Effects } from './ctx';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { User } from './models/User';
import type { EventHub } from './notifications/hub';
import type { NotificationWorker } from './notifications/worker';
import { adminRequired, authenticationRequired } from './errors';

/** Who may call a route. Every route declares one; tests/guards.test.ts proves nobody else can. */
export type Access = 'public' | 'user' | 'admin';

export interface Deps {
  db: Knex;
  config: Config;
  logger: Logger;
  hub: EventHub;
  /** Present when this process delivers notifications itself (the default). */
  worker: NotificationWorker | null;
  /** Aborted when a graceful shutdown begins: /readyz answers 503, event streams close with a retry hint. */
  stopping: AbortSignal;
  /** This process's Prometheus metrics (served on METRICS_PORT only). */
  metrics: Metrics;
}

export interface AppState {
  user: User | null;
  sessionId: string | null;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The signed-in caller on 'user' and 'admin' routes; the caller or null on public ones. */
export type Actor<A extends Access> = A extends 'public' ? User | null : User;

export interface RouteInput<B, Q, P, R = undefined> {
  body: B;
  query: Q;
  params: P;
  /** What the route's `prepare` returned. */
  prepared: R;
  ctx: Context;
}

/** The handler's second argument: pass it (or `{ ...ctx, more }`) to the one service it calls. */
export type HandlerCtx<A extends Access, T extends boolean> = Ctx<
  Actor<A>,
  T extends true ? Knex.Transaction : Knex
> &
  Effects;

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access;
  middleware(deps: Deps): Middleware[];
}

interface RouteSpec<B, Q, P, A extends Access, T extends boolean, R> {
  method: RouteDef['method'];
  path: string;
  access: A;
  body?: B;
  query?: Q;
  params?: P;
  /** The handler runs in a transaction that `route()` opens and commits (or rolls back on a throw). */
  transaction?: T;
  /**
   * Runs after validation and before the transaction, on the pool: work that must not hold a
   * connection (processing a photo) or must stand whatever the transaction does (rate-limit counts).
   */
  prepare?: (input: RouteInput<Out<B>, Out<Q>, Out<P>>, ctx: Ctx<Actor<A>, Knex>) => Promise<R>;
  /**
   * A limit counted while the handler runs, for a read-only route (a GET without a transaction):
   * the handler starts at once, and its answer or error is sent only once the count has passed, so
   * a refusal always wins and the answer waits for one round trip, not two. A limit that already
   * refuses the caller throws at once, before the handler starts.
   */
  limit?: (input: RouteInput<Out<B>, Out<Q>, Out<P>>, ctx: Ctx<Actor<A>, Knex>) => Promise<void>;
  /** Extra middleware before validation (a body parser for multipart, a rate limiter). */
  before?: Middleware[];
  /** Also spread `data`'s keys at the top level, for the spec's `{success, user, sessionToken}` shapes. */
  flatten?: boolean;
  status?: number;
  /** The handler writes ctx.body itself (files, streams). */
  raw?: boolean;
}

/**
 * Zod's own wording for an issue that no schema words itself. Type errors name their field
 * ("count: Invalid input: expected number, received string"); a schema's own message is used as is.
 */
const zodWording = (iss: z.core.$ZodRawIssue) => {
  const text = z.config().localeError?.(iss);
  const message = (typeof text === 'string' ? text : text?.message) ?? 'Invalid input';
  const generic =
    iss.code === 'invalid_type' ||
    (iss.code === 'invalid_value' && iss.values.length === 1) ||
    (iss.code === 'invalid_union' && !(iss as { options?: unknown[] }).options?.length);
  return generic && iss.path?.length ? `${iss.path.join('.')}: ${message}` : message;
};
const parseOptions = { error: zodWording };

/**
 * Parses without options first: zod's checks run on their fast path, and only a failing input
 * (rare) is parsed again with the wording, which throws.
 */
function parse<S extends Schema>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  return result.success ? result.data : schema.parse(value, parseOptions);
}

const effectErrorLogger = (ctx: Context) => (err: unknown) =>
  ctx.log.warn({ err }, 'after-commit effect failed');

export function guard(access: Access): Middleware {
  return async (ctx, next) => {
    if (access === 'public') return next();
    const user = (ctx.state as AppState).user;
    if (!user) throw authenticationRequired();
    if (access === 'admin' && !user.isAdmin) throw adminRequired();
    return next();
  };
}

/**
 * Declares a route: guard → `before` → validation → `prepare` → the handler (in a transaction when
 * declared; beside its `limit` when it has one) → effects after commit → the `{ success, data,
 * error }` envelope.
 */
export function route<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends Access = Access,
  T extends boolean = false,
  R = undefined,
>(
  spec: RouteSpec<B, Q, P, A, T, R>,
  handler: (input: RouteInput<Out<B>, Out<Q>, Out<P>, R>, ctx: HandlerCtx<A, T>) => Promise<unknown>,
): RouteDef {
  // A handler that runs beside its limit may answer a caller who is then refused: it must not write.
  if (spec.limit && (spec.method !== 'get' || spec.transaction))
    throw new Error(`${spec.path}: a limit runs beside read-only (GET, no transaction) routes only`);
  const run =
    ({ db }: Deps): Middleware =>
    async (ctx) => {
      const actor = (ctx.state as AppState).user as Actor<A>;
      const input: RouteInput<Out<B>, Out<Q>, Out<P>, R> = {
        body: (spec.body ? parse(spec.body, ctx.request.body ?? {}) : undefined) as Out<B>,
        query: (spec.query ? parse(spec.query, ctx.query) : undefined) as Out<Q>,
        params: (spec.params ? parse(spec.params, ctx.params) : undefined) as Out<P>,
        prepared: undefined as R,
        ctx,
      };
      // `prepare` and `limit` see the input before `prepare` has run (its `prepared` is undefined).
      const validated = input as RouteInput<Out<B>, Out<Q>, Out<P>>;
      if (spec.prepare) input.prepared = await spec.prepare(validated, { trx: db, actor });
      const counted = spec.limit?.(validated, { trx: db, actor });
      const answer = spec.transaction
        ? inTransaction(
            db,
            (trx, effects) => handler(input, { trx, actor, ...effects } as HandlerCtx<A, T>),
            effectErrorLogger(ctx),
          )
        : withEffects(
            (effects) => handler(input, { trx: db, actor, ...effects } as HandlerCtx<A, T>),
            effectErrorLogger(ctx),
          );
      if (counted) {
        // The answer's own error, if any, is thrown below, once the count has passed.
        answer.catch(() => undefined);
        await counted;
      }
      const data = await answer;
      if (spec.raw) return;
      ctx.status = spec.status ?? 200;
      ctx.set('Cache-Control', 'no-store');
      const top = spec.flatten && data && typeof data === 'object' ? (data as object) : {};
      // Serialised here, once: for an object body koa-compress stringifies it to learn its length
      // and Koa again to send it.
      ctx.type = 'json';
      ctx.body = JSON.stringify({ success: true, ...top, data: data ?? null, error: null });
    };
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    middleware: (deps) => [guard(spec.access), ...(spec.before ?? []), run(deps)],
  };
}

/**
 * The first two segments of a path (`/api/found`), or its first when the second is a parameter
 * (`/probe/:code` → `/probe`) or absent (`/healthz`).
 */
function prefixOf(path: string): string {
  const first = path.indexOf('/', 1);
  if (first < 0) return path;
  const second = path.indexOf('/', first + 1);
  const two = second < 0 ? path : path.slice(0, second);
  return path[first + 1] === ':' || two.length === first + 1 ? path.slice(0, first) : two;
}

/**
 * The routes as one Koa middleware, a router per path prefix: @koa/router tests a request against
 * every route it holds, so a request goes to its prefix's router (a map look-up) and is tested
 * against those few routes only (a GET of the finder's page against 5 routes, not 76). A prefix
 * of one segment may not also lead a prefix of two, or its routes could be missed.
 */
export function routesMiddleware(routes: RouteDef[], deps: Deps): Middleware {
  const routers = new Map<string, Router>();
  for (const r of routes) {
    const key = prefixOf(r.path);
    let router = routers.get(key);
    if (!router) routers.set(key, (router = new Router()));
    router[r.method](r.path, ...(r.middleware(deps) as RouterMiddleware[]));
  }
  const keys = [...routers.keys()];
  const hiding = keys.find(
    (key) => key.indexOf('/', 1) < 0 && keys.some((other) => other.startsWith(`${key}/`)),
  );
  if (hiding) throw new Error(`${hiding}: a one-segment route prefix also leads longer ones`);
  const byPrefix = new Map<string, Middleware>();
  for (const [key, router] of routers) {
    const dispatch = router.routes() as Middleware;
    const allowed = router.allowedMethods() as Middleware;
    byPrefix.set(key, (ctx, next) => dispatch(ctx, () => allowed(ctx, next)));
  }
  return (ctx, next) => {
    const path = ctx.path.toLowerCase();
    // Its two-segment prefix, else its first segment (a route like `/probe/:code`).
    const first = path.indexOf('/', 1);
    const handle =
      byPrefix.get(prefixOf(path)) ?? (first > 0 ? byPrefix.get(path.slice(0, first)) : undefined);
    return handle ? handle(ctx, next) : next();
  };
}
