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

/** The live session and its user for a bearer token, or null: one query on every signed-in call. */
export async function sessionResolver(token: string) {
  if (!token || token.length > 200) return null;
  const row = (await User.query()
    .select('users.*', 'sessions.id as sessionId')
    .join('sessions', 'sessions.userId', 'users.id')
    .where('sessions.tokenHash', hashToken(token))
    .whereNull('sessions.revokedAt')
    .where('sessions.expiresAt', '>', new Date())
    .first()) as (User & { sessionId: string }) | undefined;
  if (!row) return null;
  const { sessionId, ...fields } = row;
  return { session: { id: sessionId }, user: User.fromJson(fields, { skipValidation: true }) };
}

export async function sessionRevoker(props: { sessionId: string }) {
  await Session.query()
    .patch({ revokedAt: new Date() })
    .where({ id: props.sessionId })
    .whereNull('revokedAt');
}
