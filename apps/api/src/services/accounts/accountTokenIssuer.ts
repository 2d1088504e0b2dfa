import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { Effects, TrxCtx } from '../../ctx';
import { AccountToken, type AccountTokenPurpose } from '../../models/AccountToken';
import type { User } from '../../models/User';
import {
  accountExistsEmail,
  contactChangedEmail,
  contactChangedSms,
  emailConfirmEmail,
  passwordResetEmail,
  passwordResetSms,
  phoneConfirmSms,
} from '../../notifications/messages';
import { enqueue, type OutboxMessage } from '../../notifications/outbox';
import type { NotificationWorker } from '../../notifications/worker';
import { ACCOUNT_TOKEN_TTL_MS, hashSecret, newCode, newLinkSecret } from '../../lib/accountSecrets';
import { contactMessageAllowed } from './contactMessageCeiling';

export interface AccountMessageDeps {
  config: Config;
  worker: NotificationWorker | null;
}

/**
 * Issues a one-time secret and queues its message: a link by e-mail, a 6-digit code by SMS. An
 * earlier unused secret for the same purpose dies, so only the newest code can be guessed at; a
 * texted code also ends every other unused code texted to that number, whoever's, so a number has
 * at most one live code. Past the ceiling per victim (`contactMessageAllowed`) nothing is issued
 * or sent, and the caller answers as ever. The undo link to an old contact is always sent.
 */
export async function accountTokenIssuer(
  props: {
    userId: string;
    purpose: AccountTokenPurpose;
    channel: 'email' | 'sms';
    target: string;
    smsOptIn?: boolean;
    /** The reset link goes in the "you already have an account" e-mail instead. */
    accountExists?: boolean;
    /** A `contact_undo`: the contact that replaced `target`, named (half hidden) in the message. */
    changedTo?: { what: 'email' | 'phone'; to: string };
    ttlMs?: number;
  },
  ctx: TrxCtx<User | null> & Effects & AccountMessageDeps,
) {
  const { trx, config } = ctx;
  const undo = props.purpose === 'contact_undo' ? props.changedTo : undefined;
  if (!undo && !(await contactMessageAllowed(props.target, trx))) return;
  if (props.channel === 'sms' && !undo)
    await AccountToken.query(trx)
      .delete()
      .where({ channel: 'sms', target: props.target })
      .whereIn('purpose', ['password_reset', 'phone_confirm'])
      .whereNull('usedAt');
  // An undo link for the e-mail address does not kill the one for the number.
  await AccountToken.query(trx)
    .delete()
    .where({ userId: props.userId, purpose: props.purpose })
    .modify((q) => props.changedTo && q.where({ channel: props.channel }))
    .whereNull('usedAt');
  const id = crypto.randomUUID();
  // An undo goes as a link either way (it is followed, not typed).
  const secret = props.channel === 'email' || undo ? newLinkSecret() : newCode();
  await AccountToken.query(trx).insert({
    id,
    userId: props.userId,
    purpose: props.purpose,
    channel: props.channel,
    target: props.target,
    secretHash: props.channel === 'email' || undo ? hashSecret(secret) : hashSecret(secret, id),
    smsOptIn: props.smsOptIn ?? null,
    expiresAt: new Date(Date.now() + (props.ttlMs ?? ACCOUNT_TOKEN_TTL_MS)),
  });
  const text = { publicUrl: config.publicUrl, brandName: config.brand.name };
  const link = (path: string) => `${config.publicUrl}${path}?token=${encodeURIComponent(secret)}`;
  const message: OutboxMessage =
    props.channel === 'email'
      ? {
          channel: 'email',
          to: props.target,
          ...(undo
            ? contactChangedEmail(link('/auth/undo-change'), { ...text, ...undo })
            : props.accountExists
              ? accountExistsEmail(link('/auth/reset'), text)
              : props.purpose === 'password_reset'
                ? passwordResetEmail(link('/auth/reset'), text)
                : emailConfirmEmail(link('/auth/confirm-email'), text)),
        }
      : {
          channel: 'sms',
          to: props.target,
          text: undo
            ? contactChangedSms(link('/auth/undo-change'), { ...text, ...undo })
            : props.purpose === 'password_reset'
              ? passwordResetSms(secret, text)
              : phoneConfirmSms(secret, text),
        };
  // A code the person just asked for (`kind: 'code'`) goes to the number being confirmed.
  // So is an undo link to the old number (no longer the account's: not a `notice`).
  const kind =
    message.channel === 'sms' ? { kind: 'code' as const } : undo ? { kind: 'notice' as const } : {};
  await enqueue(trx, [{ ...message, ...kind, userId: props.userId, idempotencyKey: `account-token-${id}` }]);
  ctx.afterCommit(() => ctx.worker?.wake());
}
