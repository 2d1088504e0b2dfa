import crypto from 'node:crypto';
import type { Ctx } from '../../ctx';
import { AppError } from '../../errors';
import type { AccountTokenPurpose } from '../../models/AccountToken';
import { hashSecret, MAX_CODE_ATTEMPTS } from '../../lib/accountSecrets';

export const INVALID_CODE = 'That code is wrong or has expired. Please check it or ask for a new one.';
export const invalidCode = () => new AppError(400, 'invalid_code', INVALID_CODE);

/**
 * Tries a 6-digit code against the user's newest live code for `purpose`. Every try is counted
 * first, by the same statement that finds the code (so parallel guesses cannot pass the limit),
 * and a code that has taken MAX_CODE_ATTEMPTS tries is dead. Runs on the pool, outside the
 * route's transaction, so a wrong guess stays counted. Returns the token's id when right.
 */
export async function codeAttempter(
  props: { userId: string | null; purpose: AccountTokenPurpose; code: string },
  { trx }: Pick<Ctx<null>, 'trx'>,
): Promise<{ tokenId: string }> {
  if (!props.userId) throw invalidCode();
  const { rows } = (await trx.raw(
    `UPDATE account_tokens SET attempts = attempts + 1
      WHERE id = (SELECT id FROM account_tokens
                   WHERE user_id = ? AND purpose = ? AND used_at IS NULL
                   ORDER BY created_at DESC LIMIT 1)
        AND used_at IS NULL AND expires_at > now() AND attempts < ?
      RETURNING id, secret_hash AS "secretHash"`,
    [props.userId, props.purpose, MAX_CODE_ATTEMPTS],
  )) as { rows: { id: string; secretHash: string }[] };
  const token = rows[0];
  if (!token) throw invalidCode();
  const expected = Buffer.from(token.secretHash, 'hex');
  const actual = Buffer.from(hashSecret(props.code, token.id), 'hex');
  if (!crypto.timingSafeEqual(expected, actual)) throw invalidCode();
  return { tokenId: token.id };
}
