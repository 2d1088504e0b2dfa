import { splitChildLabel, splitPreview } from '@homing/label-layout';
import type { SplitSetRequest } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { conflict, validationError } from '../../errors';
import type { QrCodeSet } from '../../models/QrCodeSet';
import { setLoader, type SetWithCounts } from './setLoader';

export const SPLIT_REFUSALS = {
  child: () => conflict('split_child_set', 'A child set cannot be split again'),
  notPrinted: () => conflict('split_unprinted_set', 'Only a printed set can be split. Print it first.'),
  alreadySplit: () => conflict('set_already_split', 'This set has already been split'),
  released: () =>
    conflict('split_released_set', 'A released set cannot be split: owners may already hold its codes'),
  empty: () => conflict('split_empty_set', 'This set has no codes to split'),
};

/**
 * Splits a printed, unreleased top-level set with no children into child sets of whole rows (`rowsPerSet` each, the last
 * possibly fewer). The codes move to the children and keep their row and column, so a child
 * still prints and reads in sheet order. Children are printed like their parent and wait to be
 * released. The parent row is locked first, so two admins cannot split one set twice.
 */
export async function setSplitter(
  props: SplitSetRequest,
  { trx, actor }: TrxCtx,
): Promise<{ parent: SetWithCounts; children: SetWithCounts[] }> {
  const { set: parent, codes } = await setLoader({ setId: props.setId, forUpdate: true }, { trx });
  if (parent.parentSetId) throw SPLIT_REFUSALS.child();
  if (!parent.isPrinted) throw SPLIT_REFUSALS.notPrinted();
  if (parent.childCount > 0) throw SPLIT_REFUSALS.alreadySplit();
  if (parent.isReleased) throw SPLIT_REFUSALS.released();
  if (codes.length === 0) throw SPLIT_REFUSALS.empty();

  const maxRows = Math.floor(parent.rows / 2);
  const preview = splitPreview(codes.length, props.rowsPerSet);
  if (!preview || props.rowsPerSet > maxRows)
    throw validationError(
      maxRows >= 1 ? `Rows per set must be between 1 and ${maxRows}` : 'This set has too few rows to split',
    );

  const now = new Date();
  const childRows = preview.map((child) => ({
    name: splitChildLabel(parent.name, child),
    parentSetId: parent.id,
    templateId: parent.templateId,
    rows: child.lastRow - child.firstRow + 1,
    columns: parent.columns,
    // 0-based in the database, as grid_row is.
    firstRow: child.firstRow - 1,
    isPrinted: true,
    printedAt: parent.printedAt ?? now,
    isReleased: false,
    createdBy: actor.id,
  }));
  const children = (await trx('qr_code_sets').insert(childRows).returning('*')) as QrCodeSet[];
  children.sort((a, b) => a.firstRow - b.firstRow);

  // Every code to the child whose rows hold it, in one statement.
  await trx.raw(
    `UPDATE qr_codes AS c SET set_id = ch.id
       FROM qr_code_sets AS ch
      WHERE c.set_id = ? AND ch.parent_set_id = ?
        AND c.grid_row BETWEEN ch.first_row AND ch.first_row + ch.rows - 1`,
    [parent.id, parent.id],
  );
  const withCounts = children.map((child) => {
    const own = codes.filter((c) => c.gridRow >= child.firstRow && c.gridRow < child.firstRow + child.rows);
    return Object.assign(child, {
      codeCount: own.length,
      claimedCount: own.filter((c) => c.ownerId !== null).length,
      assignedCount: own.filter((c) => c.itemId !== null).length,
      childCount: 0,
    });
  });
  parent.childCount = children.length;
  return { parent, children: withCounts };
}
