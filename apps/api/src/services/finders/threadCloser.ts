import type { Config } from '../../config';
import type { Effects, TrxCtx } from '../../ctx';
import type { EventHub } from '../../notifications/hub';
import { publishThreadChange } from '../../notifications/threadEvents';
import type { NotificationWorker } from '../../notifications/worker';
import { keyList, normalEmail, normalPhone, senderKeys } from '../../lib/senderKeys';
import { ownedReportFinder } from '../../policies/ownedReportFinder';
import { closeNoticeSender } from './closeNoticeSender';
import { threadLoader } from './threadLoader';

/**
 * The owner closes a conversation (it stays readable to both, and takes no more messages); a
 * finder who gave a number is told once by text (closeNoticeSender). With `block`, its sender is
 * blocked as a person, not a network (PRODUCT.md, Conversations): the device their page kept and the e-mail and
 * number they gave; a later report or message from any of them, from any address, is held for the
 * owner (foundReportCreator, threadMessageSender). Never the owner's own e-mail or number:
 * blocking oneself would only hide the owner's tests of their own label.
 */
export async function threadCloser(
  props: { reportId: string; block: boolean },
  ctx: TrxCtx &
    Effects & { hub: EventHub; config: Pick<Config, 'brand'>; worker?: NotificationWorker | null },
) {
  const { foundReportId } = await ownedReportFinder({ ...props, lock: true }, ctx);
  const { trx, actor } = ctx;
  const closed = await trx('foundReports')
    .where({ id: foundReportId })
    .whereNull('closedAt')
    .update({ closedAt: trx.fn.now() });
  if (props.block) {
    const report = (await trx('foundReports')
      .where({ id: foundReportId })
      .first('deviceHash', 'emailHash', 'phoneHash')) as {
      deviceHash: string | null;
      emailHash: string | null;
      phoneHash: string | null;
    };
    const own = senderKeys({
      email: actor.email ? normalEmail(actor.email) : null,
      phone: actor.phoneNumber ? normalPhone(actor.phoneNumber) : null,
    });
    const keys = keyList(report).filter((k) => k !== own.emailHash && k !== own.phoneHash);
    if (keys.length)
      await trx('blockedSenders')
        .insert(keys.map((senderHash) => ({ ownerId: actor.id, senderHash, foundReportId })))
        .onConflict(['ownerId', 'senderHash'])
        .ignore();
  }
  // Told once that it closed, unless it was already (the item marked recovered says so itself).
  const { report } = await threadLoader({ foundReportId }, ctx);
  if (closed && !report.recovered)
    await closeNoticeSender({ foundReportIds: [foundReportId], reason: 'closed' }, ctx);
  ctx.afterCommit(() => ctx.worker?.wake());
  ctx.afterCommit(() => publishThreadChange(ctx.hub, { foundReportId, ownerId: actor.id, reason: 'closed' }));
  return threadLoader({ foundReportId }, ctx);
}
