import crypto from 'node:crypto';
import type { Ctx } from '../../ctx';
import { Session } from '../../models/Session';

/** Only this hash of a bearer token is stored, so a database leak gives no sessions. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new sign-in for the user; returns its bearer token (shown once, to the client). */
export async function sessionCreator(
  props: { userId: string; ttlMs: number; userAgent?: string },
  { trx }: Pick<Ctx, 'trx'>,
) {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  await Session.query(trx).insert({
    userId: props.userId,
    // Kept to name the device in the owner's list of sign-ins; bounded, never shown to anyone else.
    userAgent: props.userAgent ? props.userAgent.slice(0, 400) : null,
    lastUsedAt: now,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + props.ttlMs),
  });
  return token;
}
