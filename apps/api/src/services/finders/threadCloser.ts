import type { Effects, TrxCtx } from '../../ctx';
import type { EventHub } from '../../notifications/hub';
import { publishThreadChange } from '../../notifications/threadEvents';
import { addressHash } from '../../lib/addressHash';
import { ownedReportFinder } from '../../policies/ownedReportFinder';
import { threadLoader } from './threadLoader';

/**
 * The owner closes a conversation (it stays readable to both, and takes no more messages); with
 * `block`, its sender's address is also refused for every later message and report to this owner's
 * items (foundReportCreator). Never the owner's own address: blocking oneself would only lock
 * the owner out of testing their own label.
 */
export async function threadCloser(
  props: { reportId: string; block: boolean; ip: string },
  ctx: TrxCtx & Effects & { hub: EventHub },
) {
  const { foundReportId } = await ownedReportFinder({ ...props, lock: true }, ctx);
  const { trx, actor } = ctx;
  await trx('foundReports')
    .where({ id: foundReportId })
    .whereNull('closedAt')
    .update({ closedAt: trx.fn.now() });
  if (props.block) {
    const report = (await trx('foundReports').where({ id: foundReportId }).first('reporterAddressHash')) as {
      reporterAddressHash: string | null;
    };
    const hash = report.reporterAddressHash;
    if (hash && hash !== (await addressHash(trx, props.ip)))
      await trx('blockedSenders')
        .insert({ ownerId: actor.id, addressHash: hash, foundReportId })
        .onConflict(['ownerId', 'addressHash'])
        .ignore();
  }
  ctx.afterCommit(() => publishThreadChange(ctx.hub, { foundReportId, ownerId: actor.id, reason: 'closed' }));
  return threadLoader({ foundReportId }, ctx);
}
