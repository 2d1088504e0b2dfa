import type { Conn, Ctx } from '../../ctx';

/** Finder reports of an item newer than its last recovery: what a recovery would resolve. */
export function openReports(trx: Conn, itemId: string) {
  return trx('foundReports as r')
    .where('r.itemId', itemId)
    .whereNotExists(
      trx('recoveries as rc').whereRaw('rc.item_id = r.item_id').whereRaw('rc.recovered_at >= r.created_at'),
    );
}

/** How many reports the owner could mark recovered (shown on the owner's own finder page). */
export async function openReportCounter(props: { itemId: string }, { trx }: Pick<Ctx, 'trx'>) {
  const [row] = (await openReports(trx, props.itemId).count({ n: '*' })) as { n: string | number }[];
  return Number(row?.n ?? 0);
}
