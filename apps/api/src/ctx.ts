import type { Knex } from 'knex';
import type { User } from './models/User';

/** A connection to use: the pool (each statement commits on its own) or a transaction. */
export type Conn = Knex | Knex.Transaction;

/** Work to do once the request's writes are committed (a live event, waking the worker). */
export type Effect = () => unknown;

/**
 * Every service's second argument. Services use `trx` for every query (never Objection's global
 * binding, which this project does not set) and act for `actor`. `route()` builds it per request:
 * a transaction when the route declares `transaction: true`, else the pool.
 */
export interface Ctx<A extends User | null = User, C extends Conn = Conn> {
  trx: C;
  actor: A;
}

/** A service that writes several rows that must stand or fall together. */
export type TrxCtx<A extends User | null = User> = Ctx<A, Knex.Transaction>;

/**
 * Services with effects outside the database take this too. `route()` runs `afterCommit` effects
 * once the transaction has committed (on a route without one, once the handler has returned),
 * in order, never after a rollback; `afterRollback` effects undo work outside the database (a
 * stored file) when the transaction (or the handler) fails. A failing effect is logged and does
 * not change the answer.
 */
export interface Effects {
  afterCommit(effect: Effect): void;
  afterRollback(effect: Effect): void;
}

/**
 * Runs `work` in a transaction and then the effects it registered: the one way a transaction is
 * opened (by `route()`, and by tests and CLIs that call services without HTTP).
 */
export async function inTransaction<T>(
  db: Knex,
  work: (trx: Knex.Transaction, effects: Effects) => Promise<T>,
  onEffectError: (err: unknown) => void,
): Promise<T> {
  return withEffects((effects) => db.transaction((trx) => work(trx, effects)), onEffectError);
}

/**
 * The effects one unit of work registers, in order. Lists are made on first use: most requests
 * register none. The two registrars are own properties (services destructure them, handlers
 * spread them into their ctx), made once per unit of work.
 */
class EffectQueue implements Effects {
  committed: Effect[] | undefined;
  rolledBack: Effect[] | undefined;
  readonly afterCommit: (effect: Effect) => void;
  readonly afterRollback: (effect: Effect) => void;
  constructor() {
    this.afterCommit = (effect) => void (this.committed ??= []).push(effect);
    this.afterRollback = (effect) => void (this.rolledBack ??= []).push(effect);
  }
}

/** Runs `work`, then its `afterCommit` effects if it succeeded or its `afterRollback` ones if not. */
export async function withEffects<T>(
  work: (effects: Effects) => Promise<T>,
  onEffectError: (err: unknown) => void,
): Promise<T> {
  const effects = new EffectQueue();
  let result: T;
  try {
    result = await work(effects);
  } catch (err) {
    // No extra turn of the event loop for a request that registered nothing.
    if (effects.rolledBack) await runEffects(effects.rolledBack, onEffectError);
    throw err;
  }
  if (effects.committed) await runEffects(effects.committed, onEffectError);
  return result;
}

async function runEffects(effects: readonly Effect[], onError: (err: unknown) => void) {
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      onError(err);
    }
  }
}
