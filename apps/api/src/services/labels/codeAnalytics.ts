import type { QrAnalytics } from '@homing/shared';
import type { Ctx } from '../../ctx';

/**
 * The five counters of the analytics screen in one aggregate query.
 * - totalCount: every code.
 * - printedCount: codes whose set is printed (a child of a split inherits its parent's print).
 * - claimedCount: codes with an owner, assigned ones included.
 * - assignedCount: codes attached to an item (always also claimed).
 * - unclaimedCount: codes without an owner, printed or not: totalCount - claimedCount.
 */
export async function codeAnalytics(_props: object, { trx }: Pick<Ctx, 'trx'>): Promise<QrAnalytics> {
  const row = (await trx('qr_codes as c')
    .join('qr_code_sets as s', 's.id', 'c.setId')
    .first(
      trx.raw('count(*) as total_count'),
      trx.raw('count(*) filter (where s.is_printed) as printed_count'),
      trx.raw('count(c.owner_id) as claimed_count'),
      trx.raw('count(c.item_id) as assigned_count'),
      trx.raw('count(*) filter (where c.owner_id is null) as unclaimed_count'),
    )) as Record<keyof QrAnalytics, string | number>;
  return {
    totalCount: Number(row.totalCount),
    printedCount: Number(row.printedCount),
    claimedCount: Number(row.claimedCount),
    assignedCount: Number(row.assignedCount),
    unclaimedCount: Number(row.unclaimedCount),
  };
}
