import type { Ctx } from '../../ctx';
import { AccountToken } from '../../models/AccountToken';
import { User } from '../../models/User';
import { optedOut } from '../../notifications/recipients';

/** The account's contacts, whether each is confirmed, and the changes waiting for confirmation. */
export async function contactsLoader(_props: object, { trx, actor }: Ctx) {
  const user = (await User.query(trx).findById(actor.id))!;
  const pending = await AccountToken.query(trx)
    .where({ userId: user.id })
    .whereIn('purpose', ['email_confirm', 'phone_confirm'])
    .whereNull('usedAt')
    .where('expiresAt', '>', trx.fn.now())
    .orderBy('createdAt', 'desc');
  const newest = (purpose: string, current: string | null, verified: boolean) => {
    const t = pending.find((p) => p.purpose === purpose);
    return t && (t.target !== current || !verified) ? t.target : null;
  };
  return {
    user,
    smsStopped: user.phoneNumber ? await optedOut(trx, user.phoneNumber) : false,
    pendingEmail: newest('email_confirm', user.email, !!user.emailVerifiedAt),
    pendingPhoneNumber: newest('phone_confirm', user.phoneNumber, !!user.phoneVerifiedAt),
  };
}
