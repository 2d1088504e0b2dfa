import crypto from 'node:crypto';
import type { Effects, TrxCtx } from '../../ctx';
import { User } from '../../models/User';
import { passwordChangedEmail, passwordChangedSms } from '../../notifications/messages';
import { enqueue, type OutboxJob } from '../../notifications/outbox';
import type { AccountMessageDeps } from './accountTokenIssuer';
import { otherSessionsRevoker } from './otherSessionsRevoker';

/**
 * Stores the actor's new password (hashed beforehand, outside the transaction) and signs out every
 * other session: whoever may have known the old password is out; this session stays. Each
 * confirmed contact of the account is told, with the way to reset it if this was not its holder.
 */
export async function passwordChanger(
  props: { passwordHash: string; keepSessionId: string | null },
  ctx: TrxCtx & Effects & AccountMessageDeps,
) {
  const { actor, config } = ctx;
  await User.query(ctx.trx).findById(actor.id).patch({ passwordHash: props.passwordHash });
  const text = { publicUrl: config.publicUrl, brandName: config.brand.name };
  const key = crypto.randomUUID();
  const jobs: OutboxJob[] = [];
  if (actor.email && actor.emailVerifiedAt)
    jobs.push({
      channel: 'email',
      to: actor.email,
      ...passwordChangedEmail(text),
      userId: actor.id,
      kind: 'notice',
      idempotencyKey: `password-changed-${key}-email`,
    });
  if (actor.phoneNumber && actor.phoneVerifiedAt)
    jobs.push({
      channel: 'sms',
      to: actor.phoneNumber,
      text: passwordChangedSms(text),
      userId: actor.id,
      kind: 'notice',
      idempotencyKey: `password-changed-${key}-sms`,
    });
  if (jobs.length) {
    await enqueue(ctx.trx, jobs);
    ctx.afterCommit(() => ctx.worker?.wake());
  }
  return otherSessionsRevoker({ keepSessionId: props.keepSessionId }, ctx);
}
