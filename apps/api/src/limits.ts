import { THREAD_MESSAGES } from '@homing/shared';
import type { Knex } from 'knex';
import type { Config } from './config';
import { tooManyRequests, notFound } from './errors';
import { MAX_CODE_ATTEMPTS } from './lib/accountSecrets';
import { addressKey, memoryLimiter, sharedLimiter, type Limiter } from './lib/rateLimiter';
import type { User } from './models/User';
import { ownedReportFinder } from './policies/ownedReportFinder';
import { finderThreadFinder } from './services/finders/finderThreadFinder';
import { reportTargetFinder } from './services/finders/reportTargetFinder';

// Every rate limit of the API, with its numbers: the rules (points per key per window), then the
// limits routes declare (`limits: [codeLookup, foundReport]`), each naming its rules and keys.
// It sits beside routing.ts, not in lib/, because some keys are found through a service (the item a
// code is on, the conversation a token opens).

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Overrides = Partial<Config['limits']>;

/** Points per key per window; over them a request is refused (429) with the message. */
export interface Rule {
  /** The key prefix in the `rate_limits` table. */
  readonly name: string;
  /** Its points; `overrides` are the environment's (config.ts), raised for load tests. */
  readonly points: (overrides: Overrides) => number;
  readonly windowMs: number;
  readonly message: string;
  /**
   * Counted in this process's memory rather than the database every process shares: for
   * high-volume, low-stakes counts (scan analytics), where a shared row would serialise every
   * request; N processes admit up to N × points (and each route declaring it counts apart).
   */
  readonly perProcess?: boolean;
  /**
   * Counted on every public look-up: hits arrive together in one statement per key, and a key over
   * its points is refused from memory, with no statement, for the rest of its window.
   */
  readonly hot?: boolean;
}

export const TOO_MANY_LOOKUPS = 'Too many code look-ups from this address. Please try again in a minute.';
export const TOO_MANY_REPORTS_ITEM =
  'You have already sent several messages about this item. Please try again in a few minutes.';
export const TOO_MANY_REPORTS_ADDRESS =
  'You have sent several messages in a short time. Please try again in a few minutes.';
export const TOO_MANY_ACCOUNT_REQUESTS = 'Too many requests. Please wait a while and try again.';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please wait 15 minutes and try again.';

/** Finders' reports and the conversations they open are counted over 10 minutes. */
export const REPORT_WINDOW_MS = 10 * MINUTE;
const THREAD_WINDOW_MS = 10 * MINUTE;
const LOGIN_WINDOW_MS = 15 * MINUTE;
/** Sign-ups, resets and confirmations an address may ask for per hour (each sends a message). */
const accountRequestsPerAddress = (l: Overrides) => l.accountRequestsPerAddress ?? 20;
/** ... and a contact or account (the key) may ask for. */
const ACCOUNT_REQUESTS_PER_KEY = 5;

/** Its entries typed as rules, its keys kept. */
const table = <K extends string>(entries: Record<K, Rule>) => entries;

export const rules = table({
  // Public look-ups of a code (finder page, scan result, claim, conversation link), so codes cannot
  // be harvested by guessing.
  codeLookup: {
    name: 'lookup:ip',
    points: (l) => l.codeLookupsPerMinute ?? 120,
    windowMs: MINUTE,
    message: TOO_MANY_LOOKUPS,
    hot: true,
  },
  scan: {
    name: 'scan:ip',
    points: (l) => l.scansPerMinute ?? 60,
    windowMs: MINUTE,
    message: 'Too many scans from this address. Please try again in a minute.',
    perProcess: true,
  },
  // A sender's junk never blocks another finder of the same label: counted per address and per
  // (item, address). Past `reportHold` the item's reports are held for a digest, not refused.
  reportByAddress: {
    name: 'report:ip',
    points: (l) => l.reportsPerAddress ?? 10,
    windowMs: REPORT_WINDOW_MS,
    message: TOO_MANY_REPORTS_ADDRESS,
  },
  reportByItemAndAddress: {
    name: 'report:item-ip',
    points: (l) => l.reportsPerItem ?? 3,
    windowMs: REPORT_WINDOW_MS,
    message: TOO_MANY_REPORTS_ITEM,
  },
  threadMessage: {
    name: 'thread:msg',
    points: (l) => l.threadMessagesPerThread ?? 30,
    windowMs: THREAD_WINDOW_MS,
    message: THREAD_MESSAGES.tooMany,
  },
  // A finder's address across every conversation, an owner's account.
  threadSender: {
    name: 'thread:sender',
    points: (l) => l.threadMessagesPerSender ?? 20,
    windowMs: THREAD_WINDOW_MS,
    message: THREAD_MESSAGES.tooMany,
  },
  // Login failures (services/accounts/authenticator.ts): per (account, address) and per address
  // they refuse; per account from everywhere they only slow each check down (`loginSlowdown`).
  loginByAddress: { name: 'login:ip', points: () => 20, windowMs: LOGIN_WINDOW_MS, message: TOO_MANY_LOGINS },
  loginByAccountAndAddress: {
    name: 'login:id-ip',
    points: () => 5,
    windowMs: LOGIN_WINDOW_MS,
    message: TOO_MANY_LOGINS,
  },
  loginByAccount: { name: 'login:id', points: () => 50, windowMs: LOGIN_WINDOW_MS, message: TOO_MANY_LOGINS },
  // Wrong guesses of the current password per account (services/accounts/currentPasswordChecker.ts).
  currentPassword: {
    name: 'current-password',
    points: () => 5,
    windowMs: 15 * MINUTE,
    message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  },
});

/** Past its points for one account, each login check waits a step longer, up to the most. */
export const loginSlowdown = { stepMs: 200, maxMs: 5_000 };

/** Reports about one item in a window past which they are held for one digest (foundReportCreator). */
export const reportHold = (config: Config) => config.limits.reportsHeldAfterPerItem ?? 20;

/** The counter a rule counts on, on this database (a shared one: call it outside a transaction). */
export function limiterOf(rule: Rule, db: Knex, overrides: Overrides = {}): Limiter {
  const points = rule.points(overrides);
  if (rule.perProcess) return memoryLimiter({ points, durationMs: rule.windowMs });
  return sharedLimiter(db, {
    name: rule.name,
    points,
    durationMs: rule.windowMs,
    blockInMemory: rule.hot,
    batch: rule.hot,
  });
}

export interface LimitDeps {
  db: Knex;
  config: Config;
}

/** What a declared limit counts a request by: its caller's address and account, its input. */
export interface LimitRequest<P = unknown, B = unknown> {
  ip: string;
  actor: User | null;
  params: P;
  body: B;
}

/** Takes a request's counts back. */
export type Refund = () => Promise<unknown>;

/**
 * A limit a route declares. `route()` binds it once per server and counts each request before its
 * handler runs (beside it, on a read-only route): a refusal throws (429), at once, before any work,
 * when this process already knows the key is over.
 */
export interface Limit<I = LimitRequest> {
  readonly name: string;
  bind(deps: LimitDeps): (request: I) => Promise<Refund | undefined>;
}

/**
 * A limit of one or more rules, each counted under its key (null: this request is not counted).
 * Keys are found first (a look-up that fails, 404, counts nothing); then each rule counts in
 * order, and the first over its points refuses with its message and takes back the earlier ones.
 * With `refundOnRollback`, only requests whose transaction commits stay counted.
 */
function limit<I>(
  name: string,
  counted: readonly Rule[],
  keys: (request: I, db: Knex) => readonly (string | null)[] | Promise<readonly (string | null)[]>,
  { refundOnRollback = false } = {},
): Limit<I> {
  return {
    name,
    bind(deps) {
      const limiters = counted.map((rule) => limiterOf(rule, deps.db, deps.config.limits));
      const refuse = (i: number) => tooManyRequests(counted[i]!.message);
      const count = (found: readonly (string | null)[]): Promise<Refund | undefined> => {
        found.forEach((key, i) => {
          if (key !== null && limiters[i]!.refusing(key)) throw refuse(i);
        });
        const takeBack = (upTo: number) =>
          Promise.all(found.slice(0, upTo).map((key, i) => key !== null && limiters[i]!.refund(key)));
        return (async () => {
          for (const [i, key] of found.entries()) {
            if (key === null || (await limiters[i]!.hit(key)).allowed) continue;
            await takeBack(i);
            throw refuse(i);
          }
          return refundOnRollback ? () => takeBack(found.length) : undefined;
        })();
      };
      return (request) => {
        const found = keys(request, deps.db);
        return found instanceof Promise ? found.then(count) : count(found);
      };
    },
  };
}

type Ip = { ip: string };
const byAddress = ({ ip }: Ip) => addressKey(ip);
/** Declared on signed-in routes only (a public route's actor may be null: a type error). */
type Account = { actor: User };
const accountOf = ({ actor }: Account) => actor.id;

/** Sign-ups, resets and confirmation sends: per client address and per key (the contact or account it is about), the same 429 for every key, so the limit reveals no account. */
const accountRequests = <I extends Ip>(name: string, key: (request: I) => string | null, times = 1) =>
  limit<I>(
    name,
    [
      {
        name: `${name}:ip`,
        points: (l) => accountRequestsPerAddress(l) * times,
        windowMs: HOUR,
        message: TOO_MANY_ACCOUNT_REQUESTS,
      },
      {
        name: `${name}:key`,
        points: () => ACCOUNT_REQUESTS_PER_KEY * times,
        windowMs: HOUR,
        message: TOO_MANY_ACCOUNT_REQUESTS,
      },
    ],
    (request) => {
      const k = key(request);
      return k === null ? [null, null] : [byAddress(request), k.toLowerCase()];
    },
  );

export const codeLookup = limit<Ip>('code look-up', [rules.codeLookup], (request) => [byAddress(request)]);

export const scans = limit<Ip>('scan', [rules.scan], (request) => [byAddress(request)]);

export const foundReport = limit<Ip & { params: { qrCode: string } }>(
  'found report',
  [rules.reportByAddress, rules.reportByItemAndAddress],
  async ({ ip, params }, db) => {
    const found = await reportTargetFinder(params, { trx: db });
    if (!found) throw notFound('Item not found or inactive');
    // A label with no item is counted as its own subject.
    return [addressKey(ip), `${found.item?.id ?? `label-${found.code.id}`}:${addressKey(ip)}`];
  },
  { refundOnRollback: true },
);

/** A finder's message: its conversation is the one its token opens (404 for any other token). */
export const finderMessage = limit<Ip & { params: { token: string } }>(
  'finder message',
  [rules.threadMessage, rules.threadSender],
  async ({ ip, params }, db) => {
    const { foundReportId } = await finderThreadFinder(params, { trx: db });
    return [foundReportId, `finder:${addressKey(ip)}`];
  },
  { refundOnRollback: true },
);

/** An owner's reply: counted only on a conversation about one of their items (404 for others). */
export const ownerMessage = limit<Account & { params: { id: string } }>(
  'owner message',
  [rules.threadMessage, rules.threadSender],
  async ({ actor, params }, db) => {
    const { foundReportId } = await ownedReportFinder({ reportId: params.id }, { trx: db, actor });
    return [foundReportId, `owner:${actor.id}`];
  },
  { refundOnRollback: true },
);

export const signUps = accountRequests<Ip & { body: { email: string | null; phoneNumber: string | null } }>(
  'signup',
  ({ body }) => body.email ?? body.phoneNumber ?? '',
);
export const passwordResets = accountRequests<Ip & { body: { identifier: string } }>(
  'reset',
  ({ body }) => body.identifier,
);
/** Tries of a texted reset code (a link's token is not counted): several tries per code sent. */
export const resetCodeTries = accountRequests<Ip & { body: { token: string } | { phoneNumber: string } }>(
  'reset-code',
  ({ body }) => ('phoneNumber' in body ? body.phoneNumber : null),
  MAX_CODE_ATTEMPTS,
);
export const emailConfirmations = accountRequests<Ip & Account>('contact-email', accountOf);
export const phoneConfirmations = accountRequests<Ip & Account>('contact-phone', accountOf);
export const backupContactAdds = accountRequests<Ip & Account>('backup-contact', accountOf);
