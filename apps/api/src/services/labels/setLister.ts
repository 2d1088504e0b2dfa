import type { Ctx } from '../../ctx';
import { QrCodeSet } from '../../models/QrCodeSet';
import type { SetCounts, SetWithCounts } from './setLoader';

type CountRow = {
  setId: string;
  codeCount: string | number;
  claimedCount: string | number;
  assignedCount: string | number;
};

/**
 * Every set with its counts, newest first, in two queries: the sets, and the codes grouped by set.
 * A split parent holds no codes itself, so its counts are the sum of its children's.
 */
export async function setLister(_props: object, { trx }: Pick<Ctx, 'trx'>) {
  const sets = await QrCodeSet.query(trx).orderBy([
    { column: 'createdAt', order: 'desc' },
    { column: 'name', order: 'asc' },
  ]);
  const rows = (await trx('qr_codes')
    .select('setId')
    .count({ codeCount: '*' })
    .count({ claimedCount: 'ownerId' })
    .count({ assignedCount: 'itemId' })
    .groupBy('setId')) as CountRow[];
  return withCounts(sets, rows);
}

function withCounts(sets: QrCodeSet[], rows: CountRow[]): SetWithCounts[] {
  const counts = new Map<string, SetCounts>(sets.map((s) => [s.id, emptyCounts()]));
  const rowBySet = new Map(rows.map((row) => [row.setId, row]));
  for (const set of sets) {
    const own = rowBySet.get(set.id);
    if (own) addCodes(counts.get(set.id)!, own);
    const parent = set.parentSetId ? counts.get(set.parentSetId) : undefined;
    if (!parent) continue;
    parent.childCount += 1;
    if (own) addCodes(parent, own);
  }
  return sets.map((set) => Object.assign(set, counts.get(set.id)!));
}

const emptyCounts = (): SetCounts => ({ codeCount: 0, claimedCount: 0, assignedCount: 0, childCount: 0 });

function addCodes(counts: SetCounts, row: CountRow) {
  counts.codeCount += Number(row.codeCount);
  counts.claimedCount += Number(row.claimedCount);
  counts.assignedCount += Number(row.assignedCount);
}
