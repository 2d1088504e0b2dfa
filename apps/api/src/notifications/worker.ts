import { isPremiumOrSatellite } from '@homing/shared';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';
import { LEASED_COLUMNS, leased, type LeasedJob, type LeasedRow } from './outbox';
import { deliveryDecision, deliveryPolicyOf } from './preferences';
import { PushError, PushGoneError, type PushSender, type PushSubscriptionRow } from './push';
import { optedOut, smsRecipient } from './recipients';
import { outsideSmsCountries, smsBudgetRefusal, strangerCausedSms, type SmsBudget } from './smsBudget';
import { SmsProviderError, type SmsProvider } from './sms';
import type { PhotoStore } from '../storage/photoStore';

export interface WorkerOptions {
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  /** Deliveries in flight at once; a slow provider then holds up one lane, not the whole outbox. */
  concurrency?: number;
}

/** Owner notifications about their items follow the owner's preferences; nothing else does. */
const followsPreferences = (job: LeasedJob) => job.audience === 'owner' && !job.kind;

/** A leased `photo_delete` row: the key of the photo to delete. */
interface PhotoJob {
  id: string;
  channel: 'photo_delete';
  to: string;
  attempts: number;
}

const photoJob = (row: { id: string; payload: { to: string }; attempts: number }): PhotoJob => ({
  id: row.id,
  channel: 'photo_delete',
  to: row.payload.to,
  attempts: row.attempts,
});

/** Seconds to wait before attempt n+1: 5 s, 10 s, 20 s … capped at an hour. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/**
 * Delivers the outbox with `concurrency` lanes per worker, each leasing and sending one job at a
 * time (SKIP LOCKED gives every lane its own job), oldest due first. A job is leased
 * (locked_until) before sending; if the process dies, the lease runs out and another worker picks
 * it up with the same idempotency key. A crash can leave at most `concurrency` messages in doubt:
 * ones the provider may have accepted in the instant before they were marked delivered; a repeat
 * carries the same Message-ID.
 */
export function notificationWorker(
  deps: {
    knex: Knex;
    mailer: Mailer;
    sms: SmsProvider;
    /** Where photos live: a `photo_delete` row deletes its object here (retried until it answers). */
    photos?: PhotoStore;
    /** Web Push to owners' devices; without one a push row fails (tests that send none). */
    push?: PushSender;
    logger: Logger;
    /** Counts each settled attempt (metrics); called after its outcome is stored. */
    onAttempt?: (
      channel: LeasedJob['channel'] | 'photo_delete',
      result: 'delivered' | 'retry' | 'failed',
    ) => void;
    /**
     * The time quiet hours and due jobs are judged by (tests move it); without one, the database's
     * `now()` decides what is due and this process's clock decides quiet hours.
     */
    clock?: () => Date;
    /** Told after a delivery is stored (a conversation's receipts change: notifications/threadEvents). */
    onDelivered?: (job: { foundReportId: string | null }) => unknown;
    /** The operator's SMS budget for texts strangers can cause (smsBudget.ts); without one, none is kept. */
    smsBudget?: SmsBudget;
  },
  opts: WorkerOptions = {},
) {
  const { pollMs = 1_000, leaseMs = 60_000, maxAttempts = 8, concurrency = 1 } = opts;
  const { knex, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  // Jobs this worker has leased and not yet settled: what a shutdown hands back.
  const held = new Set<string>();
  // Set by stop() only (runOnce may be called on a worker never started).
  let halting = false;

  async function lease(): Promise<LeasedJob | PhotoJob | undefined> {
    const due = knex('notifications')
      .select('id')
      .where('status', 'pending')
      .where('nextAttemptAt', '<=', deps.clock ? deps.clock() : knex.fn.now())
      .where((q) => q.whereNull('lockedUntil').orWhere('lockedUntil', '<', knex.fn.now()))
      .orderBy('nextAttemptAt')
      .limit(1)
      .forUpdate()
      .skipLocked();
    const [row] = (await knex('notifications')
      .whereIn('id', due)
      .update({
        lockedUntil: knex.raw("now() + (? || ' milliseconds')::interval", [leaseMs]),
        attempts: knex.raw('attempts + 1'),
      })
      .returning([...LEASED_COLUMNS])) as LeasedRow[];
    const job =
      row && (row.channel === 'photo_delete' ? photoJob(row) : leased(row as Parameters<typeof leased>[0]));
    if (job) held.add(job.id);
    return job;
  }

  async function deliver(job: LeasedJob | PhotoJob) {
    if (job.channel === 'photo_delete') return deletePhoto(job);
    try {
      // The owner's preferences as they are now, not as they were when the job was written. They
      // rule what Homing tells an owner about their items; a finder's messages and the account's
      // own mail (a code, a reset link, a confirmation the person asked for) always go.
      const stop = job.escalationStep ? await escalationRefusal(job) : null;
      const decision = stop
        ? ({ action: 'suppress', reason: stop } as const)
        : followsPreferences(job)
          ? deliveryDecision(await deliveryPolicyOf(knex, job.userId), job, clock())
          : ({ action: 'send' } as const);
      if (decision.action === 'send') await attempt(job);
      else if (decision.action === 'suppress') {
        await knex('notifications')
          .where({ id: job.id })
          .update({
            status: 'suppressed',
            lockedUntil: null,
            lastError: decision.reason,
            attempts: job.attempts - 1,
          });
        logger.info({ id: job.id, channel: job.channel }, `notification not sent: ${decision.reason}`);
      } else {
        // Quiet hours: not an attempt; the job is due again when the quiet period ends.
        await knex('notifications')
          .where({ id: job.id })
          .update({
            nextAttemptAt: decision.until,
            quietHeld: true,
            lockedUntil: null,
            attempts: job.attempts - 1,
          });
        logger.info(
          { id: job.id, channel: job.channel, until: decision.until },
          'notification deferred: quiet hours',
        );
      }
    } finally {
      held.delete(job.id);
    }
  }

  /**
   * Deletes a photo's object. A store that is down is retried with the same backoff, and never given
   * up: the photo is no longer served from the moment its row was written, and the object must go.
   */
  async function deletePhoto(job: PhotoJob) {
    const startedAt = new Date();
    try {
      if (!deps.photos) throw new Error('no photo store configured');
      await deps.photos.delete(job.to);
      await recordAttempt(job, startedAt, { ok: true });
      deps.onAttempt?.(job.channel, 'delivered');
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      const message = (err instanceof Error ? err.message : String(err)) + cause;
      logger.warn({ id: job.id, attempt: job.attempts, err: message }, 'photo deletion failed; retrying');
      await recordAttempt(job, startedAt, { ok: false, error: message, giveUp: false });
      deps.onAttempt?.(job.channel, 'retry');
    } finally {
      held.delete(job.id);
    }
  }

  /**
   * Why an escalation step must not go, judged at delivery: the owner has opened the report (the
   * step was for an unread one), or a backup contact was removed since it was scheduled.
   */
  async function escalationRefusal(job: LeasedJob): Promise<string | null> {
    const report = (await knex('foundReports').where({ id: job.foundReportId }).first('ownerReadAt')) as
      { ownerReadAt: Date | null } | undefined;
    if (!report) return 'the report no longer exists';
    if (report.ownerReadAt) return 'owner opened the report';
    if (job.kind === 'backup' && !(await confirmedBackup(job))) return 'not a confirmed backup contact';
    return null;
  }

  const confirmedBackup = (job: LeasedJob) =>
    knex('backupContacts')
      .where({ ownerId: job.userId, kind: job.channel === 'sms' ? 'phone' : 'email', value: job.to })
      .whereNotNull('confirmedAt')
      .first('id');

  /**
   * Why this SMS must not be sent, checked at the moment of sending: never to a number that
   * answered STOP, to a premium-rate or satellite number or outside the operator's countries; a text a stranger could cause only
   * within the SMS budget; a one-time code the person asked for (`kind: 'code'`) may go to the number being
   * confirmed; anything else only to the account's own number while `smsRecipient` allows it.
   */
  async function smsRefusal(job: LeasedJob): Promise<string | null> {
    const to = job.to;
    if (await optedOut(knex, to)) return 'the number answered STOP';
    if (isPremiumOrSatellite(to)) return 'a premium-rate or satellite number';
    if (deps.smsBudget && outsideSmsCountries(deps.smsBudget, to)) return 'a number outside SMS_COUNTRIES';
    if (deps.smsBudget && strangerCausedSms(job)) {
      const spent = await smsBudgetRefusal(knex, deps.smsBudget, to);
      if (spent) return spent;
    }
    // A finder gave this number to hear back about the item they found.
    if (job.audience === 'finder') return null;
    if (job.kind === 'code') return null;
    // A backup contact: their confirmation link while on the owner's list, alerts once confirmed.
    if (job.kind === 'backup_confirm') {
      const listed = await knex('backupContacts')
        .where({ ownerId: job.userId, kind: 'phone', value: to })
        .first('id');
      return listed ? null : 'no longer on the backup contact list';
    }
    if (job.kind === 'backup') return (await confirmedBackup(job)) ? null : 'not a confirmed backup contact';
    return (await smsRecipient(knex, job.userId)) === to
      ? null
      : "not the account's confirmed, opted-in number";
  }

  async function attempt(job: LeasedJob) {
    const startedAt = new Date();
    try {
      if (job.channel === 'sms') {
        const refusal = await smsRefusal(job);
        if (refusal) throw new SmsProviderError(`SMS not sent: ${refusal}`, false);
      }
      const { providerId } =
        job.channel === 'email'
          ? await deps.mailer.send({
              to: job.to,
              subject: job.subject,
              text: job.text,
              html: job.html ?? job.text,
              messageId: `<${job.idempotencyKey}@homing>`,
            })
          : job.channel === 'push'
            ? await push(job)
            : await deps.sms.send({ to: job.to, body: job.text, idempotencyKey: job.idempotencyKey });
      await recordAttempt(job, startedAt, { ok: true, providerId });
      deps.onAttempt?.(job.channel, 'delivered');
      try {
        await deps.onDelivered?.(job);
      } catch (err) {
        logger.warn({ err, id: job.id }, 'delivery listener failed');
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const retryable =
        err instanceof SmsProviderError || err instanceof PushError
          ? err.retryable
          : !(err instanceof PushGoneError);
      // The push service no longer knows the device: it is forgotten (Settings no longer lists it).
      if (err instanceof PushGoneError)
        await knex('pushSubscriptions')
          .where({ id: job.to })
          .delete()
          .catch((e: unknown) =>
            logger.warn({ err: e, id: job.to }, 'could not remove a gone push subscription'),
          );
      const giveUp = !retryable || job.attempts >= maxAttempts;
      logger.warn(
        { id: job.id, channel: job.channel, attempt: job.attempts, err: message, giveUp },
        'notification delivery failed',
      );
      await recordAttempt(job, startedAt, { ok: false, error: message, giveUp });
      deps.onAttempt?.(job.channel, giveUp ? 'failed' : 'retry');
    }
  }

  /**
   * One attempt's outcome, in one transaction: the row delivered, failed for good, or due again
   * after the backoff (a leased row is still 'pending'), and the attempt in the row's history.
   */
  async function recordAttempt(
    job: { id: string; attempts: number },
    startedAt: Date,
    outcome: { ok: true; providerId?: string | null } | { ok: false; error: string; giveUp: boolean },
  ) {
    const error = outcome.ok ? undefined : outcome.error.slice(0, 1000);
    await knex.transaction(async (trx) => {
      await trx('notifications')
        .where({ id: job.id })
        .update(
          outcome.ok
            ? {
                status: 'delivered',
                deliveredAt: knex.fn.now(),
                lockedUntil: null,
                lastError: null,
                quietHeld: false,
              }
            : {
                status: outcome.giveUp ? 'failed' : 'pending',
                lockedUntil: null,
                lastError: error,
                nextAttemptAt: new Date(Date.now() + backoffMs(job.attempts)),
              },
        );
      await trx('notificationAttempts').insert({
        notificationId: job.id,
        attempt: job.attempts,
        ok: outcome.ok,
        providerId: outcome.ok ? outcome.providerId : undefined,
        error,
        startedAt,
      });
    });
  }

  /**
   * Pushes to the device the row names, if the owner still has it; the tag is the row's key, so a
   * repeat after a crash replaces the notification on the device instead of showing it twice.
   */
  async function push(job: Extract<LeasedJob, { channel: 'push' }>) {
    if (!deps.push) throw new PushError('no push sender configured', false);
    const subscription = (await knex('pushSubscriptions')
      .where({ id: job.to, userId: job.userId })
      .first('id', 'endpoint', 'p256dh', 'auth')) as PushSubscriptionRow | undefined;
    if (!subscription) throw new PushError('the device was removed', false);
    const sent = await deps.push.send(
      subscription,
      { title: job.title, body: job.text, url: job.url, tag: job.idempotencyKey },
      { urgent: job.urgent },
    );
    await knex('pushSubscriptions').where({ id: subscription.id }).update({ lastPushedAt: knex.fn.now() });
    return sent;
  }

  async function releaseLeases() {
    if (!held.size) return;
    const ids = [...held];
    held.clear();
    await knex('notifications')
      .whereIn('id', ids)
      .where('status', 'pending')
      .update({ lockedUntil: null })
      .catch((err: unknown) => logger.warn({ err, ids }, 'could not release notification leases'));
    logger.warn({ ids }, 'released notification leases still held at shutdown');
  }

  /** Leases and delivers due jobs until none are left; returns how many were handled. */
  async function runOnce(): Promise<number> {
    let handled = 0;
    const lane = async () => {
      // A stopping worker finishes the job in hand and leases no more.
      for (let job = await lease(); job; job = halting ? undefined : await lease()) {
        await deliver(job);
        handled++;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
    return handled;
  }

  function tick() {
    if (stopped || running) return;
    running = runOnce()
      .catch((err: unknown) => {
        logger.error({ err }, 'notification worker run failed');
        return 0;
      })
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  }

  return {
    runOnce,
    start() {
      stopped = false;
      halting = false;
      tick();
    },
    /** Called after a report commits in this process, so delivery starts without waiting a poll. */
    wake() {
      if (stopped || running) return;
      if (timer) clearTimeout(timer);
      tick();
    },
    /**
     * Leases no more jobs and waits up to `timeoutMs` for the deliveries in hand; a lease still held
     * then is handed back (locked_until cleared) so another worker retries it now rather than when
     * the lease runs out. Such a delivery is in doubt, as at a crash, and repeats carry the same key.
     */
    async stop({ timeoutMs = Infinity }: { timeoutMs?: number } = {}) {
      stopped = true;
      halting = true;
      if (timer) clearTimeout(timer);
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        if (Number.isFinite(timeoutMs)) timeout = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([running, late]);
      clearTimeout(timeout);
      await releaseLeases();
    },
    /** Jobs leased by this worker and not yet settled. */
    heldLeases: () => [...held],
  };
}

export type NotificationWorker = ReturnType<typeof notificationWorker>;
