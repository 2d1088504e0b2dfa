import type { Effects, TrxCtx } from '../../ctx';
import type { EventHub } from '../../notifications/hub';
import { publishThreadChange } from '../../notifications/threadEvents';
import { escalationStopper } from './escalationStopper';
import { ownedReportFinder } from '../../policies/ownedReportFinder';
import { threadLoader } from './threadLoader';

/**
 * The owner opens a conversation: it is loaded, and if the finder wrote since the owner last
 * looked, the reading is recorded (the finder's "Read by the owner" receipt) and their open page
 * told, and the report's pending escalation steps are suppressed. Opening it again without news
 * changes nothing.
 */
export async function threadReadMarker(
  props: { reportId: string },
  ctx: TrxCtx & Effects & { hub: EventHub },
) {
  const { foundReportId } = await ownedReportFinder(props, ctx);
  const thread = await threadLoader({ foundReportId }, ctx);
  const { report } = thread;
  const unread = !report.ownerReadAt || new Date(report.ownerReadAt) < new Date(report.lastFinderMessageAt);
  if (!unread) return thread;
  const [row] = (await ctx
    .trx('foundReports')
    .where({ id: foundReportId })
    .update({ ownerReadAt: ctx.trx.fn.now() })
    .returning('ownerReadAt')) as { ownerReadAt: Date }[];
  // Opened: no one else needs to be told (escalation stops).
  await escalationStopper({ foundReportId }, ctx);
  ctx.afterCommit(() =>
    publishThreadChange(ctx.hub, { foundReportId, ownerId: report.ownerId, reason: 'read' }),
  );
  return { ...thread, report: { ...report, ownerReadAt: row!.ownerReadAt } };
}
