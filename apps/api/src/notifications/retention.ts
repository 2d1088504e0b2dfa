import type { Knex } from 'knex';
import type { Config } from '../config';
import type { Logger } from '../logger';

// Rows per statement: each batch is a short transaction, so the purge never holds long locks.
const BATCH = 5_000;

export interface PurgeCounts {
  sessions: number;
  rateLimits: number;
  claimGrants: number;
  scanEvents: number;
  accountTokens: number;
  inboundTexts: number;
  contactMessages: number;
}

// Old scans are deleted and counted per day, code and device in one statement (the counts are
// written in the same transaction as the delete, so a scan is always in exactly one of the two
// tables). SKIP LOCKED lets several workers purge at once without waiting on each other.
const PURGE_SCANS = `
  WITH purged AS (
         DELETE FROM scan_events
          WHERE id IN (SELECT id FROM scan_events WHERE scanned_at < ? ORDER BY scanned_at LIMIT ?
                         FOR UPDATE SKIP LOCKED)
         RETURNING scanned_at, qr_value, device_type, item_id),
       counted AS (
         INSERT INTO scan_daily_counts (day, qr_value, device_type, scans, found_events)
         SELECT (scanned_at AT TIME ZONE 'UTC')::date, qr_value, coalesce(device_type, 'unknown'),
                count(*), count(item_id)
           FROM purged
          GROUP BY 1, 2, 3
         ON CONFLICT (day, qr_value, device_type) DO UPDATE
            SET scans = scan_daily_counts.scans + excluded.scans,
                found_events = scan_daily_counts.found_events + excluded.found_events)
  SELECT count(*) AS n FROM purged`;

const PURGE_SESSIONS = `
  DELETE FROM sessions
   WHERE id IN (SELECT id FROM sessions WHERE expires_at < now() OR revoked_at IS NOT NULL LIMIT ?
                  FOR UPDATE SKIP LOCKED)`;

// rate-limiter-flexible's counters (`expire` in epoch ms) and the claim grants of past scans.
const PURGE_RATE_LIMITS = `
  DELETE FROM rate_limits
   WHERE key IN (SELECT key FROM rate_limits WHERE expire < ? LIMIT ? FOR UPDATE SKIP LOCKED)`;

const PURGE_CLAIM_GRANTS = `
  DELETE FROM claim_grants
   WHERE (holder, set_id) IN (SELECT holder, set_id FROM claim_grants WHERE resolved_at < ? LIMIT ?
                                FOR UPDATE SKIP LOCKED)`;

// Reset links and confirmation codes: kept a while past their expiry (used or not), then gone.
const PURGE_ACCOUNT_TOKENS = `
  DELETE FROM account_tokens
   WHERE id IN (SELECT id FROM account_tokens WHERE expires_at < ? LIMIT ? FOR UPDATE SKIP LOCKED)`;

// The ids of texts the SMS webhook processed (gateways retry within minutes, not days).
const PURGE_INBOUND_TEXTS = `
  DELETE FROM inbound_texts
   WHERE (provider, message_id) IN (SELECT provider, message_id FROM inbound_texts WHERE received_at < ? LIMIT ?
                                      FOR UPDATE SKIP LOCKED)`;

// The ceiling per victim's counts (it reads the last hour; the retention is at least that).
const PURGE_CONTACT_MESSAGES = `
  DELETE FROM contact_messages
   WHERE id IN (SELECT id FROM contact_messages WHERE sent_at < ? LIMIT ? FOR UPDATE SKIP LOCKED)`;

async function untilDone(batch: () => Promise<number>) {
  let total = 0;
  for (let n = BATCH; n >= BATCH; total += n) n = await batch();
  return total;
}

const affected = (result: { rowCount?: number | null }) => result.rowCount ?? 0;

/**
 * Keeps the tables that grow with traffic bounded: expired and revoked sessions go, rate-limit
 * counters, claim grants, reset/confirmation secrets, the ids of processed inbound texts and the per-contact message counts older than `rateLimitMs` go, and scan events older than `scanEventMs` are folded into
 * `scan_daily_counts`. The owner's found-event lists then show the kept scans (their totals count
 * what the list can page through); the admin analytics read codes, not scans.
 */
export async function purgeExpired(
  knex: Knex,
  opts: Pick<Config['retention'], 'scanEventMs' | 'rateLimitMs'>,
  now = Date.now(),
): Promise<PurgeCounts> {
  const sessions = await untilDone(async () => affected(await knex.raw(PURGE_SESSIONS, [BATCH])));
  const rateLimits = await untilDone(async () =>
    affected(await knex.raw(PURGE_RATE_LIMITS, [now - opts.rateLimitMs, BATCH])),
  );
  const claimGrants = await untilDone(async () =>
    affected(await knex.raw(PURGE_CLAIM_GRANTS, [new Date(now - opts.rateLimitMs), BATCH])),
  );
  const scanEvents = await untilDone(async () => {
    const result = (await knex.raw(PURGE_SCANS, [new Date(now - opts.scanEventMs), BATCH])) as {
      rows: { n: string | number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  });
  const accountTokens = await untilDone(async () =>
    affected(await knex.raw(PURGE_ACCOUNT_TOKENS, [new Date(now - opts.rateLimitMs), BATCH])),
  );
  const inboundTexts = await untilDone(async () =>
    affected(await knex.raw(PURGE_INBOUND_TEXTS, [new Date(now - opts.rateLimitMs), BATCH])),
  );
  const contactMessages = await untilDone(async () =>
    affected(await knex.raw(PURGE_CONTACT_MESSAGES, [new Date(now - opts.rateLimitMs), BATCH])),
  );
  return { sessions, rateLimits, claimGrants, scanEvents, accountTokens, inboundTexts, contactMessages };
}

/** Runs `purgeExpired` at start and every `intervalMs` in the worker, until stopped. */
export function retentionJob(deps: { knex: Knex; logger: Logger }, opts: Config['retention']) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  function tick() {
    if (stopped) return;
    running = purgeExpired(deps.knex, opts)
      .then((counts) => {
        if (Object.values(counts).some(Boolean)) deps.logger.info(counts, 'retention purge');
      })
      .catch((err: unknown) => deps.logger.error({ err }, 'retention purge failed'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, opts.intervalMs);
      });
  }

  return {
    start() {
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type RetentionJob = ReturnType<typeof retentionJob>;
