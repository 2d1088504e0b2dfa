import type Router from '@koa/router';
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
 * declared) → effects after commit → the `{ success, data, error }` envelope.
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
      // `prepare` sees the input before it has run (its `prepared` is undefined).
      if (spec.prepare)
        input.prepared = await spec.prepare(input as RouteInput<Out<B>, Out<Q>, Out<P>>, { trx: db, actor });
      const logEffectError = (err: unknown) => ctx.log.warn({ err }, 'after-commit effect failed');
      const data = spec.transaction
        ? await inTransaction(
            db,
            (trx, effects) => handler(input, { trx, actor, ...effects } as HandlerCtx<A, T>),
            logEffectError,
          )
        : await withEffects(
            (effects) => handler(input, { trx: db, actor, ...effects } as HandlerCtx<A, T>),
            logEffectError,
          );
      if (spec.raw) return;
      ctx.status = spec.status ?? 200;
      ctx.set('Cache-Control', 'no-store');
      const top = spec.flatten && data && typeof data === 'object' ? (data as object) : {};
      ctx.body = { success: true, ...top, data: data ?? null, error: null };
    };
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    middleware: (deps) => [guard(spec.access), ...(spec.before ?? []), run(deps)],
  };
}

export function mount(router: Router, routes: RouteDef[], deps: Deps) {
  for (const r of routes) router[r.method](r.path, ...(r.middleware(deps) as RouterMiddleware[]));
}
