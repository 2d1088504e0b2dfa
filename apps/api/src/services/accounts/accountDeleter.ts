import type { Effects, TrxCtx } from '../../ctx';
import { Item } from '../../models/Item';
import { QrCode } from '../../models/QrCode';
import { User } from '../../models/User';
import { PERSONAL_DATA } from './personalData';
import { photoDeletionsQueuer } from '../../notifications/outbox';
import type { NotificationWorker } from '../../notifications/worker';

/**
 * Deletes the actor's account and every personal row (`PERSONAL_DATA`), in one transaction:
 * scans of the owner's labels and items, the labels' claim (each label goes back to unclaimed:
 * anyone who scans it may claim it again, as a new label), claim grants, and rate-limit counters
 * keyed by the account's contacts or id; the rest (sessions, items with their reports, recoveries
 * and vouchers, notifications, preferences, pending assignments) goes by the foreign keys'
 * ON DELETE CASCADE, and reports this person sent about other owners' items lose their link.
 * Photos are deleted through the outbox (rows that outlive the account, retried while the store is down).
 */
export async function accountDeleter(
  _props: object,
  ctx: TrxCtx & Effects & { worker: NotificationWorker | null },
) {
  const { trx, actor } = ctx;
  const user = await User.query(trx).findById(actor.id).forUpdate();
  if (!user) return;
  const photoKeys = (
    await Item.query(trx).where({ ownerId: user.id }).whereNotNull('photoKey').select('photoKey')
  )
    .map((i) => i.photoKey)
    .filter((k): k is string => !!k);

  const scans = PERSONAL_DATA.find((s) => s.name === 'scans')!;
  await trx('scanEvents')
    .whereIn('id', scans.rows(trx, user.id).clearSelect().clearOrder().select('id'))
    .delete();
  await QrCode.query(trx)
    .where({ ownerId: user.id })
    .patch({ ownerId: null, claimedAt: null, itemId: null, assignedAt: null });
  await trx('claimGrants')
    .where({ holder: `user:${user.id}` })
    .delete();
  for (const key of [user.id, user.email, user.phoneNumber].filter((k): k is string => !!k))
    await trx('rateLimits').whereRaw('position(? in key) > 0', [key]).delete();
  await User.query(trx).deleteById(user.id);

  await photoDeletionsQueuer({ keys: photoKeys }, ctx);
}
