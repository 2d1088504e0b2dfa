import type { Knex } from 'knex';

export interface OutboxJob {
  channel: 'email' | 'sms';
  /** Who reads it: the item's owner, or the finder who gave an address or number. */
  audience: 'owner' | 'finder';
  payload: { to: string; subject?: string; text: string; html?: string; kind?: 'backup' };
  idempotencyKey: string;
  /** An escalation step (1: the owner's next channel, 2: a backup contact), due later; see `escalationScheduler`. */
  escalationStep?: 1 | 2;
  threadMessageId?: string | null;
  nextAttemptAt?: Date;
}

/**
 * Writes deliveries to the outbox in the caller's transaction (they stand or fall with what they
 * tell). `userId` is the item's owner on every row, the finder's ones included: the conversation
 * is theirs, and deleting the account deletes it. A key already written is skipped (a digest).
 */
export async function enqueue(
  trx: Knex.Transaction,
  common: { userId: string; foundReportId: string },
  jobs: OutboxJob[],
) {
  if (!jobs.length) return;
  await trx('notifications')
    .insert(
      jobs.map(({ payload, ...j }) => ({
        ...common,
        ...j,
        threadMessageId: j.threadMessageId ?? null,
        escalationStep: j.escalationStep ?? null,
        payload: JSON.stringify(payload),
      })),
    )
    .onConflict('idempotencyKey')
    .ignore();
}
