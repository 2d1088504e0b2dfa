import type { Ctx } from '../ctx';
import { User } from '../models/User';
import { hashToken } from './sessionCreator';

/** The live session and its user for a bearer token, or null: one query on every signed-in call. */
export async function sessionResolver(props: { token: string }, { trx }: Pick<Ctx, 'trx'>) {
  const { token } = props;
  if (!token || token.length > 200) return null;
  const row = (await User.query(trx)
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
