import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Session } from '../models/Session';
import { User } from '../models/User';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function sessionCreator(
  props: { userId: string; ttlMs: number },
  { trx }: { trx?: Knex.Transaction } = {},
) {
  const token = crypto.randomBytes(32).toString('base64url');
  await Session.query(trx).insert({
    userId: props.userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + props.ttlMs),
  });
  return token;
}

/** The live session and its user for a bearer token, or null. */
export async function sessionResolver(token: string) {
  if (!token || token.length > 200) return null;
  const session = await Session.query()
    .findOne({ tokenHash: hashToken(token) })
    .whereNull('revokedAt')
    .where('expiresAt', '>', new Date());
  if (!session) return null;
  const user = await User.query().findById(session.userId);
  return user ? { session, user } : null;
}

export async function sessionRevoker(props: { sessionId: string }) {
  await Session.query()
    .patch({ revokedAt: new Date() })
    .where({ id: props.sessionId })
    .whereNull('revokedAt');
}
