import type { Effects, TrxCtx } from '../../ctx';
import type { User } from '../../models/User';
import type { NotificationWorker } from '../../notifications/worker';

/**
 * What an outbox row carries. `kind: 'code'` is a one-time code the person just asked for at this
 * number (a confirmation or a reset): the worker texts it to a number not yet confirmed, never to
 * one that answered STOP. `backup_confirm` asks a would-be backup contact to confirm (sent while
 * they are on the owner's list, unconfirmed). Every other SMS goes only to the account's confirmed, opted-in number.
 */
export interface OutboxPayload {
  to: string;
  subject?: string;
  text: string;
  html?: string;
  kind?: 'code' | 'notice' | 'backup_confirm';
}

/** Puts one message in the durable outbox (the worker delivers it, retrying) and wakes the worker after commit. */
export async function notificationQueuer(
  props: { userId: string; channel: 'email' | 'sms'; idempotencyKey: string; payload: OutboxPayload },
  { trx, afterCommit, worker }: TrxCtx<User | null> & Effects & { worker: NotificationWorker | null },
) {
  await trx('notifications')
    .insert({
      userId: props.userId,
      channel: props.channel,
      idempotencyKey: props.idempotencyKey,
      payload: JSON.stringify(props.payload),
    })
    .onConflict('idempotencyKey')
    .ignore();
  afterCommit(() => worker?.wake());
}
