import { setGrid } from './setGrid';

/** One child set a split would create. Rows are 1-based and inclusive, as the split dialog shows. */
export interface SplitChild {
  /** 1-based position among the children. */
  readonly index: number;
  readonly firstRow: number;
  readonly lastRow: number;
  /** Index of the child's first code in the parent's code order (0-based). */
  readonly firstCodeIndex: number;
  readonly codeCount: number;
}

/** The split dialog's "Rows per set" choices: 1 up to half the set's rows. */
export function rowsPerSetOptions(codeCount: number): number[] {
  const { rows } = setGrid(codeCount);
  return Array.from({ length: Math.floor(rows / 2) }, (_, i) => i + 1);
}

/**
 * The children a split creates, or null when there is nothing to preview (rowsPerSet 0, not a
 * whole number, or more than the set's rows; PRODUCT.md, Validation). Values between half the rows and all
 * rows are not offered by the dialog but still preview, as the spec only rules out the ones above.
 */
export function splitPreview(codeCount: number, rowsPerSet: number): SplitChild[] | null {
  const { rows, columns } = setGrid(codeCount);
  if (!Number.isInteger(rowsPerSet) || rowsPerSet < 1 || rowsPerSet > rows) return null;
  const children: SplitChild[] = [];
  for (let firstRow = 1; firstRow <= rows; firstRow += rowsPerSet) {
    const lastRow = Math.min(firstRow + rowsPerSet - 1, rows);
    const firstCodeIndex = (firstRow - 1) * columns;
    // rows × columns, except that a set whose size is not a multiple of the columns has a short last row.
    const childCodeCount = Math.min((lastRow - firstRow + 1) * columns, codeCount - firstCodeIndex);
    children.push({
      index: children.length + 1,
      firstRow,
      lastRow,
      firstCodeIndex,
      codeCount: childCodeCount,
    });
  }
  return children;
}

/** "rows 4-6", or "row 10" when the child covers one row. */
export function splitRowsText(child: Pick<SplitChild, 'firstRow' | 'lastRow'>): string {
  return child.firstRow === child.lastRow
    ? `row ${child.firstRow}`
    : `rows ${child.firstRow}-${child.lastRow}`;
}

/** The preview line's label, "set name, rows a-b" or "set name, row a". */
export function splitChildLabel(setName: string, child: Pick<SplitChild, 'firstRow' | 'lastRow'>): string {
  return `${setName.trim() === '' ? 'Unnamed Set' : setName}, ${splitRowsText(child)}`;
}
