import type { Ctx } from '../../ctx';
import { User } from '../../models/User';
import { hashToken } from './sessionCreator';

/** A session's "last used" is written at most this often (one small write per session per window). */
export const LAST_USED_PRECISION_MS = 5 * 60 * 1000;

/**
 * The live session and its user for a bearer token, or null: one query on every signed-in call,
 * plus a write of the session's last use when the stored one is older than LAST_USED_PRECISION_MS.
 */
export async function sessionResolver(props: { token: string }, { trx }: Pick<Ctx, 'trx'>) {
  const { token } = props;
  if (!token || token.length > 200) return null;
  const row = (await User.query(trx)
    .select('users.*', 'sessions.id as sessionId', 'sessions.lastUsedAt as sessionLastUsedAt')
    .join('sessions', 'sessions.userId', 'users.id')
    .where('sessions.tokenHash', hashToken(token))
    .whereNull('sessions.revokedAt')
    .where('sessions.expiresAt', '>', new Date())
    .first()) as (User & { sessionId: string; sessionLastUsedAt: Date | null }) | undefined;
  if (!row) return null;
  const { sessionId, sessionLastUsedAt, ...fields } = row;
  const now = Date.now();
  if (!sessionLastUsedAt || now - new Date(sessionLastUsedAt).getTime() > LAST_USED_PRECISION_MS)
    await trx('sessions')
      .where({ id: sessionId })
      .update({ lastUsedAt: new Date(now) });
  return { session: { id: sessionId }, user: User.fromJson(fields, { skipValidation: true }) };
}
