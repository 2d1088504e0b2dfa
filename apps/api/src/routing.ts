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
import type { Limit, Refund } from './limits';
import { webhookGuard } from './middleware/webhookGuard';

/**
 * Who may call a route. Every route declares one; routes/guards.test.ts proves nobody else can.
 * 'webhook': a gateway's signed callback (Twilio's signature, or HTTP Basic with the webhook's
 * secret: middleware/webhookGuard.ts), with no user.
 */
export type Access = 'public' | 'user' | 'admin' | 'webhook';

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
export type Actor<A extends Access> = A extends 'public' ? User | null : A extends 'webhook' ? null : User;

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
  /**
   * Rate limits (limits.ts), counted in order after validation and before `prepare` and the
   * transaction, on the pool. A read-only route (a GET without a transaction, not `raw`) starts its
   * handler at once and sends its answer only once the counts have passed: a refusal always wins.
   */
  limits?: readonly Limit<{ ip: string; actor: Actor<A>; params: Out<P>; body: Out<B> }>[];
  /**
   * Work that must not run in the transaction, after the limits: what must not hold a connection
   * (hashing a password, decoding a photo) or must stand whatever the transaction does (a counted
   * try of a code). Its result is the handler's `prepared`.
   */
  prepare?: (input: RouteInput<Out<B>, Out<Q>, Out<P>>, ctx: Ctx<Actor<A>, Knex>) => Promise<R>;
  /** The handler runs in a transaction that `route()` opens and commits (or rolls back on a throw). */
  transaction?: T;
  /** Extra middleware before validation (the multipart parser of routes that take a photo). */
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

export function guard(access: Access, { config, db }: Pick<Deps, 'config' | 'db'>): Middleware {
  if (access === 'webhook') return webhookGuard(config, db);
  return async (ctx, next) => {
    if (access === 'public') return next();
    const user = (ctx.state as AppState).user;
    if (!user) throw authenticationRequired();
    if (access === 'admin' && !user.isAdmin) throw adminRequired();
    return next();
  };
}

type Count = (request: unknown) => Promise<Refund | undefined>;

/**
 * Counts the bound limits in order. The first is called at once, so a limit that already refuses
 * throws here, before anything else starts.
 */
function countAll(counts: readonly Count[], request: unknown): Promise<Refund[]> | null {
  const [first, ...rest] = counts;
  if (!first) return null;
  let refunds = first(request).then((refund) => (refund ? [refund] : []));
  for (const count of rest)
    refunds = refunds.then(async (earlier) => {
      const refund = await count(request);
      return refund ? [...earlier, refund] : earlier;
    });
  return refunds;
}

/**
 * Declares a route: guard → `before` → validation → `limits` → `prepare` → the handler (in a
 * transaction when declared) → effects after commit → the `{ success, data, error }` envelope.
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
  // Only a handler that writes nothing may run beside its counts (it may answer a refused caller).
  const readOnly = spec.method === 'get' && !spec.transaction && !spec.raw;
  const run = ({ db, config }: Deps): Middleware => {
    const counts = (spec.limits ?? []).map((limit) => limit.bind({ db, config }) as Count);
    return async (ctx) => {
      const actor = (spec.access === 'webhook' ? null : (ctx.state as AppState).user) as Actor<A>;
      const input: RouteInput<Out<B>, Out<Q>, Out<P>, R> = {
        body: (spec.body ? parse(spec.body, ctx.request.body ?? {}) : undefined) as Out<B>,
        query: (spec.query ? parse(spec.query, ctx.query) : undefined) as Out<Q>,
        params: (spec.params ? parse(spec.params, ctx.params) : undefined) as Out<P>,
        prepared: undefined as R,
        ctx,
      };
      const counting = countAll(counts, { ip: ctx.ip, actor, params: input.params, body: input.body });
      if (readOnly) counting?.catch(() => undefined);
      // A limit whose counts stand only for what is stored (limits.ts: reports, messages) gives a
      // refund, run if the handler or its transaction fails; the others stand whatever happens.
      let refunds: Refund[] = [];
      if (counting && !readOnly) refunds = await counting;
      // `prepare` sees the input before it has run (its `prepared` is undefined).
      if (spec.prepare)
        input.prepared = await spec.prepare(input as RouteInput<Out<B>, Out<Q>, Out<P>>, { trx: db, actor });
      const work = (effects: Effects, trx: Knex) => {
        for (const refund of refunds) effects.afterRollback(refund);
        return handler(input, { trx, actor, ...effects } as HandlerCtx<A, T>);
      };
      const answer = spec.transaction
        ? inTransaction(db, (trx, effects) => work(effects, trx), effectErrorLogger(ctx))
        : withEffects((effects) => work(effects, db), effectErrorLogger(ctx));
      if (counting && readOnly) {
        // The answer's own error, if any, is thrown below, once the counts have passed.
        answer.catch(() => undefined);
        await counting;
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
  };
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    middleware: (deps) => [guard(spec.access, deps), ...(spec.before ?? []), run(deps)],
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
