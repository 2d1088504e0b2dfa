import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** The table `rate-limiter-flexible` keeps its counters in (made by a migration, not by the library). */
export const RATE_LIMIT_TABLE = 'rate_limits';

export interface LimitOutcome {
  /** False once this hit took the key over its points. */
  allowed: boolean;
  /** Points counted in the key's current window, this hit included. */
  consumed: number;
  msBeforeNext: number;
}

export interface Limiter {
  /** Counts `points` and decides in the same step: one atomic upsert on the shared store. */
  hit(key: string, points?: number): Promise<LimitOutcome>;
  /** Takes points back (a failure that turned out not to count). */
  refund(key: string, points?: number): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * True while this process knows `key` is over its points for the rest of its window (a hit was
   * refused): a caller can refuse at once, before doing any work. Only limits made with
   * `blockInMemory` remember; the others always answer false.
   */
  refusing(key: string): boolean;
}

function wrap(limiter: RateLimiterPostgres | RateLimiterMemory): Limiter {
  const outcome = (res: RateLimiterRes, allowed: boolean): LimitOutcome => ({
    allowed,
    consumed: res.consumedPoints,
    msBeforeNext: res.msBeforeNext,
  });
  return {
    hit: (key, points = 1) =>
      limiter.consume(key, points).then(
        (res) => outcome(res, true),
        (err: unknown) => {
          // The library rejects with its result when over the limit, with an Error when the store failed.
          if (err instanceof RateLimiterRes) return outcome(err, false);
          throw err;
        },
      ),
    refund: async (key, points = 1) => {
      await limiter.reward(key, points);
    },
    clear: async (key) => {
      await limiter.delete(key);
    },
    refusing: () => false,
  };
}

/** Keeps `hit`'s refusals until their windows end, and answers `refusing` from them. */
function rememberingRefusals(limiter: Limiter): Limiter {
  const refusedUntil = new Map<string, number>();
  return {
    ...limiter,
    hit: (key, points) =>
      limiter.hit(key, points).then((outcome) => {
        if (!outcome.allowed) {
          // Many refused keys at once (a spread-out flood): forget those whose windows have ended.
          if (refusedUntil.size >= 10_000)
            for (const [k, until] of refusedUntil) if (until <= Date.now()) refusedUntil.delete(k);
          refusedUntil.set(key, Date.now() + outcome.msBeforeNext);
        }
        return outcome;
      }),
    clear: async (key) => {
      refusedUntil.delete(key);
      await limiter.clear(key);
    },
    refusing: (key) => {
      const until = refusedUntil.get(key);
      if (until === undefined) return false;
      if (until > Date.now()) return true;
      refusedUntil.delete(key);
      return false;
    },
  };
}

/**
 * The library's PostgreSQL store speaks `pg`'s `query({ text, values })`. Going through knex instead
 * makes the same store run on the embedded PGlite (whose driver takes a different call) as on a
 * PostgreSQL pool: `$n` become knex bindings in the order they appear (a number may repeat).
 */
function knexStoreClient(knex: Knex) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const values = q.values ?? [];
      const bindings: unknown[] = [];
      const sql = q.text.replace(/\$(\d+)/g, (_m, n: string) => {
        bindings.push(values[Number(n) - 1]);
        return '?';
      });
      const res = (await knex.raw(sql, bindings as Knex.RawBinding[]).options(statementName(q.text))) as {
        rows: Record<string, unknown>[];
      };
      return { rows: res.rows, rowCount: res.rows.length };
    },
  };
}

/**
 * The store's few statements (one text each for counting, reading, deleting), prepared once per
 * pooled connection under a name drawn from their text: the look-up limit counts every finder's
 * page load, and PostgreSQL then plans its upsert once instead of at each (148 µs of its CPU a call
 * against 78 prepared, measured on a two-core machine; see services/finders/statements.ts). PGlite
 * ignores the name.
 */
const statementNames = new Map<string, { name: string }>();
function statementName(text: string) {
  let named = statementNames.get(text);
  if (!named) {
    named = { name: `rate-limit-${crypto.hash('sha1', text, 'hex').slice(0, 16)}` };
    statementNames.set(text, named);
  }
  return named;
}

const shared = new WeakMap<Knex, Map<string, Limiter>>();

/**
 * A fixed-window limit shared by every API process on this database (`rate-limiter-flexible`'s
 * PostgreSQL store): `points` per `durationMs` per key, keys prefixed by `name`. One instance per
 * database and name, so each process keeps one expiry sweep per limit. It takes its own pooled
 * connection: call it outside a route's transaction (PGlite has one connection).
 */
export function sharedLimiter(
  knex: Knex,
  opts: {
    name: string;
    points: number;
    durationMs: number;
    blockInMemory?: boolean;
  },
): Limiter {
  let byName = shared.get(knex);
  if (!byName) shared.set(knex, (byName = new Map()));
  const id = `${opts.name}:${opts.points}:${opts.durationMs}:${opts.blockInMemory ?? false}`;
  let limiter = byName.get(id);
  if (!limiter) {
    const store = new RateLimiterPostgres({
      storeClient: knexStoreClient(knex),
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      keyPrefix: opts.name,
      points: opts.points,
      duration: opts.durationMs / 1000,
      // A key over its points is refused from memory for the rest of its window (no query), and
      // `refusing` tells so before the hit.
      ...(opts.blockInMemory ? { inMemoryBlockOnConsumed: opts.points + 1 } : {}),
    });
    limiter = wrap(store);
    if (opts.blockInMemory) limiter = rememberingRefusals(limiter);
    byName.set(id, limiter);
  }
  return limiter;
}

/**
 * A limit in this process's memory (`rate-limiter-flexible`'s memory store), for high-volume,
 * low-stakes counts (scan analytics) where a shared row would serialise every request: each key
 * expires on its own, so many new keys never reset the count of another (N processes admit up to
 * N × points).
 */
export function memoryLimiter(opts: { points: number; durationMs: number }): Limiter {
  return wrap(new RateLimiterMemory({ points: opts.points, duration: opts.durationMs / 1000 }));
}

/**
 * The key a client address is counted under. An IPv6 host usually holds a whole /64, so counting
 * each of its addresses apart would let one machine take 2^64 fresh limits; IPv4-mapped addresses
 * are their IPv4 address.
 */
export function addressKey(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => String(g).replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
