import { THREAD_MESSAGES } from '@homing/shared';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { memoryLimiter, sharedLimiter, type Limiter } from './rateLimiter';

// Every rate limit's numbers, in one place: points per key per window, and the message of a
// refusal. The limits routes declare (`limits: [codeLookup, foundReport]`) are in ../limits.ts,
// which names these rules and how each request is keyed.

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

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
   * Counted on every public look-up: a key over its points is refused from memory, with no
   * statement, for the rest of its window.
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
export const accountRequestsPerAddress = (l: Overrides) => l.accountRequestsPerAddress ?? 20;
/** ... and a contact or account (the key) may ask for. */
export const ACCOUNT_REQUESTS_PER_KEY = 5;
/**
 * Messages one contact may be sent per hour that anyone could ask for (reset links and codes,
 * confirmations, "you already have an account", backup-contact invitations), from every address
 * and account together: past them the request is answered as ever and nothing is sent
 * (services/accounts/contactMessageCeiling.ts).
 */
export const MESSAGES_PER_CONTACT_PER_HOUR = 5;
/** Tries of texted reset codes one number takes a day from every address (4 codes' worth). */
export const RESET_CODE_TRIES_PER_DAY = 20;

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
  // Texts to our number (PRODUCT.md, Finders who text), keyed by a hash of the sender's number: every text but STOP
  // and START; those naming one code (a label's conversation, as reports per item and address);
  // and those we answer "we couldn't find that code" or "check the code". Past any, a text is
  // dropped unanswered: a number cannot make us text at will.
  textByNumber: {
    name: 'text:number',
    points: (l) => l.textsPerNumber ?? 60,
    windowMs: REPORT_WINDOW_MS,
    message: THREAD_MESSAGES.tooMany,
  },
  textByCodeAndNumber: {
    name: 'text:code-number',
    points: (l) => l.textsPerCode ?? 10,
    windowMs: REPORT_WINDOW_MS,
    message: TOO_MANY_REPORTS_ITEM,
  },
  textUnknownCode: {
    name: 'text:unknown',
    points: (l) => l.textUnknownCodesPerNumber ?? 5,
    windowMs: HOUR,
    message: TOO_MANY_LOOKUPS,
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
  // Every request that runs scrypt (sign-up, reset, password change, contact change, deletion), per
  // client address, counted before any hashing: anonymous callers cannot buy CPU in bulk. Sign-in
  // has its own (loginByAddress).
  passwordWork: {
    name: 'password:ip',
    points: (l) => l.passwordsPerAddress ?? 30,
    windowMs: HOUR,
    message: TOO_MANY_ACCOUNT_REQUESTS,
    // Past its points a flood is refused from memory: no statement, no hashing.
    hot: true,
  },
  // Wrong guesses of the current password per account (services/accounts/currentPasswordChecker.ts).
  currentPassword: {
    name: 'current-password',
    points: () => 5,
    windowMs: 15 * MINUTE,
    message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  },
  // Wrong HTTP Basic secrets of the SMS webhook (middleware/webhookGuard.ts), per client address;
  // past them that address is refused from memory, the right secret too, until the window ends.
  webhookSecret: {
    name: 'webhook-secret:ip',
    points: () => 10,
    windowMs: HOUR,
    message: 'Too many wrong webhook secrets from this address. Please try again later.',
    hot: true,
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
  });
}
