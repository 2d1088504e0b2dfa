/** Rows × columns a set is shown and split in (PRODUCT.md, Entities, "Set layout grid"). */
export interface SetGrid {
  readonly rows: number;
  readonly columns: number;
}

export function setGrid(codeCount: number): SetGrid {
  if (!Number.isInteger(codeCount) || codeCount < 0) {
    throw new RangeError(`code count must be a whole number ≥ 0, got ${codeCount}`);
  }
  // The two sheet sizes keep their printed shape, so a split by rows matches rows of real labels.
  if (codeCount === 80) return { rows: 10, columns: 8 };
  if (codeCount === 32) return { rows: 8, columns: 4 };
  if (codeCount === 0) return { rows: 0, columns: 0 };
  const columns = Math.ceil(Math.sqrt(codeCount));
  return { rows: Math.ceil(codeCount / columns), columns };
}
