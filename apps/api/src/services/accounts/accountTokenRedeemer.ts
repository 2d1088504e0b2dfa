import type { Ctx } from '../../ctx';
import { AppError } from '../../errors';
import { AccountToken, type AccountTokenPurpose } from '../../models/AccountToken';
import { hashSecret } from '../../lib/accountSecrets';

export const INVALID_LINK = 'This link is invalid, already used or expired. Please ask for a new one.';
export const invalidLink = () => new AppError(400, 'invalid_token', INVALID_LINK);

/**
 * Uses a one-time secret: a link's secret (looked up by its hash) or a code already checked by
 * `codeAttempter` (by its id). One conditional UPDATE marks it used, so of two uses exactly one
 * wins; an expired or used one is refused.
 */
export async function accountTokenRedeemer(
  props: { purpose: AccountTokenPurpose } & ({ secret: string } | { tokenId: string }),
  { trx }: Pick<Ctx<null>, 'trx'>,
): Promise<AccountToken> {
  const [token] = (await AccountToken.query(trx)
    .patch({ usedAt: new Date() })
    .where('purpose', props.purpose)
    .where('secret' in props ? { secretHash: hashSecret(props.secret) } : { id: props.tokenId })
    .whereNull('usedAt')
    .where('expiresAt', '>', trx.fn.now())
    .returning('*')) as unknown as AccountToken[];
  if (!token) throw invalidLink();
  return token;
}

/**
 * Throws what `accountTokenRedeemer` would for a link's secret that is unknown, used or expired,
 * without using it: run before costly work (hashing the new password), so a made-up token costs
 * one indexed read. The redeemer still decides, atomically, in the transaction.
 */
export async function liveSecretChecker(
  props: { purpose: AccountTokenPurpose; secret: string },
  { trx }: Pick<Ctx<null>, 'trx'>,
): Promise<void> {
  const live = await AccountToken.query(trx)
    .select('id')
    .where({ purpose: props.purpose, secretHash: hashSecret(props.secret) })
    .whereNull('usedAt')
    .where('expiresAt', '>', trx.fn.now())
    .first();
  if (!live) throw invalidLink();
}
