import type { Knex } from 'knex';
import { notFound } from '../errors';
import type { QrCode } from '../models/QrCode';
import { QrCodeSet } from '../models/QrCodeSet';

export interface SetCounts {
  codeCount: number;
  claimedCount: number;
  assignedCount: number;
  childCount: number;
}

export type SetWithCounts = QrCodeSet & SetCounts;

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
export async function setLister(_props: object, { trx }: { trx: Knex | Knex.Transaction }) {
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

/**
 * One set with its codes in grid order: its own, and for a split parent its children's (the
 * labels of the sheet it was printed on). 404 when there is no such set.
 */
export async function setLoader(
  props: { setId: string; forUpdate?: boolean },
  { trx }: { trx: Knex | Knex.Transaction },
): Promise<{ set: SetWithCounts; codes: QrCode[] }> {
  const query = QrCodeSet.query(trx).findById(props.setId);
  const set = await (props.forUpdate ? query.forUpdate() : query);
  if (!set) throw notFound('QR code set not found');
  const children = await QrCodeSet.query(trx).where('parentSetId', set.id).select('id');
  const codes = (await trx('qr_codes')
    .whereIn('setId', [set.id, ...children.map((c) => c.id)])
    .orderBy([{ column: 'gridRow' }, { column: 'gridColumn' }])) as QrCode[];
  const counts: SetCounts = {
    codeCount: codes.length,
    claimedCount: codes.filter((c) => c.ownerId !== null).length,
    assignedCount: codes.filter((c) => c.itemId !== null).length,
    childCount: children.length,
  };
  return { set: Object.assign(set, counts), codes };
}
