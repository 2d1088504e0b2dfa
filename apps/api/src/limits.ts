import type { Knex } from 'knex';
import type { Config } from './config';
import { tooManyRequests, notFound } from './errors';
import { MAX_CODE_ATTEMPTS } from './lib/accountSecrets';
import {
  ACCOUNT_REQUESTS_PER_KEY,
  accountRequestsPerAddress,
  HOUR,
  limiterOf,
  rules,
  RESET_CODE_TRIES_PER_DAY,
  TOO_MANY_ACCOUNT_REQUESTS,
  type Rule,
} from './lib/limitRules';
import { addressHash } from './lib/addressHash';
import { addressKey } from './lib/rateLimiter';
import type { TextedCode } from './lib/textedCode';
import type { Limiter } from './lib/rateLimiter';
import type { User } from './models/User';
import { ownedReportFinder } from './policies/ownedReportFinder';
import { finderThreadFinder } from './services/finders/finderThreadFinder';
import { reportTargetFinder } from './services/finders/reportTargetFinder';

// The limits routes declare (`limits: [codeLookup, foundReport]`): each names its rules (their
// numbers are in lib/limitRules.ts) and how a request is keyed. It sits beside routing.ts, not in
// lib/, because some keys are found through a service (the item a code is on, the conversation a
// token opens).

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
const accountRequests = <I extends Ip>(
  name: string,
  key: (request: I) => string | null,
  times = 1,
  { keyedWithAddress = false } = {},
) =>
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
      // No key (a reset link's token): the address alone is counted.
      // keyedWithAddress: the key's count is per (key, address), so a stranger elsewhere asking
      // about someone's contact never uses up that person's own requests.
      const keyed = k === null ? null : k.toLowerCase();
      return [byAddress(request), keyed && keyedWithAddress ? `${keyed}:${byAddress(request)}` : keyed];
    },
  );

export const codeLookup = limit<Ip>('code look-up', [rules.codeLookup], (request) => [byAddress(request)]);

/** Requests that hash or check a password (scrypt), per address, before any hashing. */
export const passwordWork = limit<Ip>('password work', [rules.passwordWork], (request) => [
  byAddress(request),
]);

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
  1,
  { keyedWithAddress: true },
);
/** Tries of a reset: a texted code per number and address, several tries per code sent; a link's token per address. */
export const resetCodeTries = accountRequests<Ip & { body: { token: string } | { phoneNumber: string } }>(
  'reset-code',
  ({ body }) => ('phoneNumber' in body ? body.phoneNumber : null),
  MAX_CODE_ATTEMPTS,
);
/** Undo links followed, per address (the link's 256-bit secret is the proof). */
export const contactUndos = accountRequests<Ip & { body: { token: string } }>('contact-undo', () => null);
/** Tries of texted reset codes per number a day, from everywhere: guessing cannot go on for ever. */
export const resetCodeDailyTries = limit<{ body: { token: string } | { phoneNumber: string } }>(
  'reset-code daily',
  [
    {
      name: 'reset-code:day',
      points: () => RESET_CODE_TRIES_PER_DAY,
      windowMs: 24 * HOUR,
      message: TOO_MANY_ACCOUNT_REQUESTS,
    },
  ],
  ({ body }) => ['phoneNumber' in body ? body.phoneNumber : null],
);
export const emailConfirmations = accountRequests<Ip & Account>('contact-email', accountOf);
export const phoneConfirmations = accountRequests<Ip & Account>('contact-phone', accountOf);
export const backupContactAdds = accountRequests<Ip & Account>('backup-contact', accountOf);

/**
 * The limits of a text to our number (PRODUCT.md, Finders who text), counted by the webhook before its transaction:
 * false when the text must be dropped unanswered. Every text counts per number; one naming a
 * known code also per (label, number); one we would answer "we couldn't find that code" or "check
 * the code" against the number's unknown codes. The number is keyed by its hash.
 */
export function textLimits(deps: LimitDeps) {
  const [byNumber, byCode, unknown] = [
    rules.textByNumber,
    rules.textByCodeAndNumber,
    rules.textUnknownCode,
  ].map((rule) => limiterOf(rule, deps.db, deps.config.limits)) as [Limiter, Limiter, Limiter];
  return async (from: string, texted: TextedCode): Promise<boolean> => {
    const key = await addressHash(deps.db, `sms:${from}`);
    if (!(await byNumber.hit(key)).allowed) return false;
    if (texted.kind === 'code') {
      const target = await reportTargetFinder({ qrCode: texted.code }, { trx: deps.db });
      if (target) return (await byCode.hit(`${target.code.id}:${key}`)).allowed;
    }
    if (texted.kind === 'none' || !texted.unmistakable) {
      // Words, and what only looks like a code, go on with this number's conversation, when it has one.
      const known = await deps.db('foundReports').where({ byText: true, finderPhone: from }).first('id');
      if (known) return true;
    }
    return (await unknown.hit(key)).allowed;
  };
}
