import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { Knex } from 'knex';
import type { Config } from './config';
import type { Logger } from './logger';
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
}

export interface AppState {
  user: User | null;
  sessionId: string | null;
}

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** The signed-in caller; guaranteed for 'user' and 'admin' routes. */
  user: User;
  /** The caller if signed in, on any route. */
  viewer: User | null;
  ctx: Context;
}

export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  access: Access;
  middleware: Middleware[];
}

interface RouteSpec<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
> {
  method: RouteDef['method'];
  path: string;
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** Extra middleware before validation (a body parser for multipart, a rate limiter). */
  before?: Middleware[];
  /** Also spread `data`'s keys at the top level, for the spec's `{success, user, sessionToken}` shapes. */
  flatten?: boolean;
  status?: number;
  /** The handler writes ctx.body itself (files, streams). */
  raw?: boolean;
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

export function route<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  spec: RouteSpec<B, Q, P>,
  handler: (input: RouteInput<Out<B>, Out<Q>, Out<P>>) => Promise<unknown>,
): RouteDef {
  const run: Middleware = async (ctx) => {
    const state = ctx.state as AppState;
    const input = {
      body: (spec.body ? spec.body.parse(ctx.request.body ?? {}) : undefined) as Out<B>,
      query: (spec.query ? spec.query.parse(ctx.query) : undefined) as Out<Q>,
      params: (spec.params ? spec.params.parse(ctx.params) : undefined) as Out<P>,
      user: state.user as User,
      viewer: state.user,
      ctx,
    };
    const data = await handler(input);
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
    middleware: [guard(spec.access), ...(spec.before ?? []), run],
  };
}

export function mount(router: Router, routes: RouteDef[]) {
  for (const r of routes) router[r.method](r.path, ...(r.middleware as RouterMiddleware[]));
}
