import type { Conn } from '../ctx';

/** What a message says, by channel. */
export type OutboxMessage =
  | { channel: 'email'; to: string; subject: string; text: string; html?: string }
  | { channel: 'sms'; to: string; text: string }
  /** To one of the owner's devices (`to`: its `push_subscriptions` id); a click opens `url`. */
  | { channel: 'push'; to: string; title: string; text: string; url: string };

/**
 * A message for the outbox: the one shape every writer uses and the worker reads back.
 *
 * `kind` says what it is when it is not an alert about the owner's items (those have none and
 * follow the owner's preferences): `code`, a one-time code the person just asked for (it may go to
 * a number not yet confirmed, never to one that answered STOP); `notice`, account mail to the
 * account's own contact; `backup_confirm`, asking a would-be backup contact to confirm (sent while
 * they are on the owner's list); `backup`, an escalation's alert to a confirmed backup contact.
 */
export type OutboxJob = OutboxMessage & {
  /** The account it belongs to: the item's owner on every row of a report, the finder's included. */
  userId: string;
  /** One delivery per key, however often it is written or retried (Message-ID, SMS idempotency key). */
  idempotencyKey: string;
  /** Who reads it: the account's owner (the default), or a finder who gave an address or number. */
  audience?: 'owner' | 'finder';
  kind?: 'code' | 'notice' | 'backup_confirm' | 'backup';
  foundReportId?: string | null;
  threadMessageId?: string | null;
  /**
   * An urgent alert (a lost item's scan, a finder's report or message): the owner may let it
   * through quiet hours.
   */
  urgent?: boolean;
  /** An escalation step (1: the owner's next channel, 2: a backup contact); see `escalationScheduler`. */
  escalationStep?: 1 | 2;
  /** Due later (a digest, an escalation step); due now without it. */
  nextAttemptAt?: Date;
};

/** A job as the worker leases it: its row's id, the attempt it is on, and every default filled in. */
export type LeasedJob = OutboxJob & {
  id: string;
  attempts: number;
  audience: 'owner' | 'finder';
  urgent: boolean;
  foundReportId: string | null;
};

/**
 * The one outbox writer: puts messages in `notifications` on `conn`, the caller's transaction where
 * there is one (they stand or fall with what they tell). A key already written is skipped (a
 * window's digest is written once). The caller wakes the worker after commit. A row keeps the
 * message in `channel` and the `payload` JSON `{ to, subject?, title?, url?, text, html?, kind? }`, the format
 * every row has had, so rows written before this function are delivered alike.
 */
export async function enqueue(conn: Conn, jobs: (OutboxJob | PhotoDeletion)[]) {
  const deletions = jobs.filter((j): j is PhotoDeletion => j.channel === 'photo_delete');
  const sent = await withinFinderCaps(
    conn,
    jobs.filter((j): j is OutboxJob => j.channel !== 'photo_delete'),
  );
  const rows = [...sent.map(toRow), ...deletions.map(photoDeletionRow)];
  if (!rows.length) return;
  await conn('notifications').insert(rows).onConflict('idempotencyKey').ignore();
}

/**
 * A photo to delete from the store (replaced, removed, its item or account deleted): an outbox row
 * the worker retries until the store answers, so a store that is down loses no deletion. The
 * photo is not served from the moment the row is committed (`photoDeletionPending`). It belongs to
 * no account: it must outlive the account whose deletion wrote it.
 */
export interface PhotoDeletion {
  channel: 'photo_delete';
  /** The photo's key in the store. */
  to: string;
}

export const photoDeletion = (key: string): PhotoDeletion => ({ channel: 'photo_delete', to: key });
export const photoDeletionKey = (key: string) => `photo-delete:${key}`;

function photoDeletionRow(job: PhotoDeletion) {
  return {
    userId: null,
    channel: job.channel,
    idempotencyKey: photoDeletionKey(job.to),
    audience: 'owner',
    payload: JSON.stringify({ to: job.to, text: '' }),
  };
}

/** Whether a deletion of this photo has been written (its key is then never served again). */
export async function photoDeletionPending(conn: Conn, key: string) {
  return !!(await conn('notifications')
    .where({ idempotencyKey: photoDeletionKey(key) })
    .first('id'));
}

/**
 * Messages a finder's address or number may be sent a day, across every report and owner (issue
 * 27): the address was typed by whoever wrote the report and is never verified, so Homing must not
 * become a way to flood a stranger. Past it, further messages to it are not written at all.
 */
export const FINDER_DAILY_CAP = { email: 10, sms: 5 } as const;

async function withinFinderCaps(conn: Conn, jobs: OutboxJob[]): Promise<OutboxJob[]> {
  const counted = new Map<string, number>();
  const kept: OutboxJob[] = [];
  for (const job of jobs) {
    // Finders get e-mail and texts, never pushes (those go to owners' devices).
    if (job.audience !== 'finder' || job.channel === 'push') {
      kept.push(job);
      continue;
    }
    const key = `${job.channel}:${job.to}`;
    let count = counted.get(key);
    if (count === undefined) {
      const row = (await sentToFinderToday(conn, job.channel, job.to)) as { n: number | string };
      count = Number(row.n);
    }
    if (count >= FINDER_DAILY_CAP[job.channel]) continue;
    counted.set(key, count + 1);
    kept.push(job);
  }
  return kept;
}

/** How many messages went to a finder's address or number in the last day (read by its index). */
export function sentToFinderToday(conn: Conn, channel: 'email' | 'sms', to: string) {
  return conn('notifications')
    .where({ audience: 'finder', channel })
    .whereRaw("payload->>'to' = ?", [to])
    .where('createdAt', '>', new Date(Date.now() - 24 * 60 * 60 * 1000))
    .count({ n: '*' })
    .first();
}

function toRow(job: OutboxJob) {
  const { to, text, kind } = job;
  const payload =
    job.channel === 'email'
      ? { to, subject: job.subject, text, html: job.html, kind }
      : job.channel === 'push'
        ? { to, title: job.title, text, url: job.url, kind }
        : { to, text, kind };
  return {
    userId: job.userId,
    channel: job.channel,
    idempotencyKey: job.idempotencyKey,
    audience: job.audience ?? 'owner',
    foundReportId: job.foundReportId ?? null,
    threadMessageId: job.threadMessageId ?? null,
    urgent: job.urgent ?? false,
    escalationStep: job.escalationStep ?? null,
    // Absent, the column's default: now.
    ...(job.nextAttemptAt ? { nextAttemptAt: job.nextAttemptAt } : {}),
    payload: JSON.stringify(payload),
  };
}

/** The columns `leased` reads. */
export const LEASED_COLUMNS = [
  'id',
  'userId',
  'channel',
  'idempotencyKey',
  'payload',
  'attempts',
  'urgent',
  'foundReportId',
  'audience',
  'escalationStep',
] as const;

export interface LeasedRow {
  id: string;
  userId: string;
  channel: OutboxMessage['channel'] | 'photo_delete';
  idempotencyKey: string;
  payload: {
    to: string;
    subject?: string;
    title?: string;
    url?: string;
    text: string;
    html?: string;
    kind?: OutboxJob['kind'];
  };
  attempts: number;
  urgent: boolean;
  foundReportId: string | null;
  audience: 'owner' | 'finder';
  escalationStep: 1 | 2 | null;
}

/** A leased row (of any age) as the job it was written from. */
export function leased(row: LeasedRow & { channel: OutboxMessage['channel'] }): LeasedJob {
  const { payload, channel, escalationStep, ...rest } = row;
  const message: OutboxMessage =
    channel === 'email'
      ? {
          channel,
          to: payload.to,
          subject: payload.subject ?? '',
          text: payload.text,
          ...(payload.html !== undefined ? { html: payload.html } : {}),
        }
      : channel === 'push'
        ? { channel, to: payload.to, title: payload.title ?? '', text: payload.text, url: payload.url ?? '/' }
        : { channel, to: payload.to, text: payload.text };
  return {
    ...rest,
    ...message,
    ...(payload.kind ? { kind: payload.kind } : {}),
    ...(escalationStep ? { escalationStep } : {}),
  };
}

/**
 * Makes the owner's alerts that quiet hours held due now (on the caller's transaction), so the
 * worker judges them again by the preferences just saved: a held alert goes out as soon as quiet
 * hours end or urgent ones may pass, and is held again to the new window's end otherwise.
 */
export async function quietHeldReleaser(props: { userId: string }, { trx }: { trx: Conn }) {
  await trx('notifications')
    .where({ userId: props.userId, status: 'pending', quietHeld: true })
    .update({ nextAttemptAt: trx.fn.now(), quietHeld: false });
}

/**
 * Writes the deletion of each photo on the caller's transaction (it stands or falls with the change
 * that dropped the photo) and wakes the local worker after the commit, which deletes the objects
 * at once when the store answers and retries with backoff when it does not.
 */
export async function photoDeletionsQueuer(
  props: { keys: string[] },
  ctx: { trx: Conn; afterCommit(effect: () => unknown): void; worker: { wake(): void } | null },
) {
  if (!props.keys.length) return;
  await enqueue(ctx.trx, props.keys.map(photoDeletion));
  ctx.afterCommit(() => ctx.worker?.wake());
}
