import { THREAD_MESSAGES } from '@homing/shared';
import type { Ctx } from '../ctx';
import { notFound } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A report to the actor (about one of their items, or one of their labels on no item), or 404 for
 * anyone else's (as items: nothing leaks). A report keeps its owner (`owner_id`) for that reason.
 */
export async function ownedReportFinder(props: { reportId: string; lock?: boolean }, { trx, actor }: Ctx) {
  if (!UUID.test(props.reportId)) throw notFound(THREAD_MESSAGES.notFound);
  const query = trx('foundReports as r')
    .where({ 'r.id': props.reportId, 'r.ownerId': actor.id })
    .first('r.id');
  const row = (await (props.lock ? query.forUpdate('r') : query)) as { id: string } | undefined;
  if (!row) throw notFound(THREAD_MESSAGES.notFound);
  return { foundReportId: row.id };
}
