import type { LabelTemplate } from '@homing/label-layout';
import { labelQrText, placeLabel, placeLabels, pt, ptToMm } from '@homing/label-layout';
import { sheetMapping } from './sheetMapping';

/**
 * Reading a printed sheet back: what a scan (or a square-on photo cropped to the page) of a sheet
 * says about each of its labels. The decoder is the caller's (zxing-wasm in the tests); this part
 * is plain geometry, so it runs anywhere. Every decoded symbol is matched to the cell it sits in;
 * each cell of the sheet is then read, unreadable (ink, no symbol read), missing (blank), holding
 * another cell's code (duplicated) or shifted (read, but off its cell's centre by more than
 * `SHIFT_MM`). The codes of unreadable, missing and duplicated cells are the ones to reprint;
 * the median offset of the good reads is what the printer's calibration should take away.
 * A photo taken at a slight angle (a keystone of a few degrees) is mapped to the page by a
 * perspective fitted to the labels read (`sheetMapping`); its offsets are then against the sheet's
 * other labels, not the paper's edge, so it gives no calibration.
 */

/** A symbol the decoder read, its centre in pixels of the scan. */
export interface ScannedSymbol {
  readonly text: string;
  readonly x: number;
  readonly y: number;
}

export interface SheetCell {
  readonly value: string;
  /** 1-based, as the print dialogs show them. */
  readonly column: number;
  readonly row: number;
}

export interface OffsetMm {
  readonly xMm: number;
  readonly yMm: number;
}

export interface ReadBackReport {
  readonly read: readonly (SheetCell & OffsetMm)[];
  readonly unreadable: readonly SheetCell[];
  readonly missing: readonly SheetCell[];
  /** A cell holding another cell's code: `value` is the code the cell should hold. */
  readonly duplicated: readonly (SheetCell & { readonly found: string })[];
  readonly shifted: readonly (SheetCell & OffsetMm)[];
  /** Symbols that are not this sheet's labels, or sit between cells. */
  readonly unexpected: readonly ScannedSymbol[];
  /** Codes to print again (same codes), in cell order. */
  readonly reprint: readonly string[];
  /**
   * Where the reprint starts (1-based): the first free label after the set's last one, on the
   * sheet it ended on; column 1, row 1 of a new sheet when that sheet is full.
   */
  readonly reprintStart: { readonly column: number; readonly row: number };
  /** Median offset of the labels read in their own cells: positive x right, y down. */
  readonly medianOffset: OffsetMm | null;
  /** The scan was a photo at an angle: offsets against the other labels, no median offset. */
  readonly perspective: boolean;
  /** Which of the set's sheets the picture is (1-based): the one whose labels it holds. */
  readonly sheet: number;
}

/** A label further than this from its cell's centre is reported shifted. */
export const SHIFT_MM = 1;

export interface ReadBackInput {
  readonly template: LabelTemplate;
  readonly domainName: string;
  /** The set's codes in print order, from the start position (on as many sheets as they take). */
  readonly codes: readonly string[];
  /**
   * The sheet in the picture, 0-based; by default the sheet most of the symbols read belong to (a
   * set that runs onto a second sheet is read on either).
   */
  readonly page?: number;
  readonly startColumn?: number;
  readonly startRow?: number;
  /** The scan covers the whole page, upright (or at a slight angle): its width sets the scale. */
  readonly imageWidth: number;
  readonly symbols: readonly ScannedSymbol[];
  /** Whether there is ink around this point (pixels): tells an unreadable label from a blank one. */
  readonly inkNear: (x: number, y: number, radius: number) => boolean;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The first label left free after `count` labels printed from the start (1-based). */
export function nextFreeLabel(
  template: LabelTemplate,
  count: number,
  startColumn = 1,
  startRow = 1,
): { column: number; row: number } {
  if (count === 0) return { column: startColumn, row: startRow };
  const last = placeLabel(count - 1, template, { column: startColumn, row: startRow });
  const next = (last.labelIndex + 1) % template.labelsPerSheet;
  return { column: (next % template.columns) + 1, row: Math.floor(next / template.columns) + 1 };
}

/**
 * The cells of the sheet in the picture (`page`, or the sheet most symbols read belong to) and
 * where the symbols read put the page in the image.
 */
export function sheetCells(
  input: Pick<
    ReadBackInput,
    'template' | 'domainName' | 'codes' | 'startColumn' | 'startRow' | 'imageWidth' | 'page'
  >,
  symbols: readonly ScannedSymbol[],
) {
  const { template } = input;
  const start = { column: input.startColumn ?? 1, row: input.startRow ?? 1 };
  const placements = placeLabels(input.codes.length, template, start);
  const valueOf = new Map(input.codes.map((value) => [labelQrText(input.domainName, value), value]));
  const pageOf = new Map(placements.map((p) => [input.codes[p.codeIndex], p.pageIndex]));
  const votes = new Map<number, number>();
  for (const symbol of symbols) {
    const value = valueOf.get(symbol.text.toUpperCase());
    const page = value === undefined ? undefined : pageOf.get(value);
    if (page !== undefined) votes.set(page, (votes.get(page) ?? 0) + 1);
  }
  const page =
    input.page ?? [...votes].reduce((best, [at, count]) => (count > best[1] ? [at, count] : best), [0, 0])[0];
  const cells = placements
    .filter((p) => p.pageIndex === page)
    .map((placement) => ({
      value: input.codes[placement.codeIndex],
      column: placement.column + 1,
      row: placement.row + 1,
      x: placement.centre.x,
      y: placement.centre.y,
    }));
  const cellOf = new Map(cells.map((cell) => [cell.value, cell]));
  const pairs = symbols.flatMap((symbol) => {
    const value = valueOf.get(symbol.text.toUpperCase());
    const cell = value === undefined ? undefined : cellOf.get(value);
    return cell ? [{ page: cell, image: symbol }] : [];
  });
  return { cells, page, valueOf, mapping: sheetMapping(template.page.width, input.imageWidth, pairs) };
}

export function readBackSheet(input: ReadBackInput): ReadBackReport {
  const { template } = input;
  const { cells, page, valueOf, mapping } = sheetCells(input, input.symbols);
  const pitch = Math.min(template.pitchX, template.pitchY);

  // Each symbol to the nearest cell, if it sits within half a pitch of its centre (page points).
  const inCell = new Map<number, { symbol: ScannedSymbol; at: { x: number; y: number }; value: string }[]>();
  const unexpected: ScannedSymbol[] = [];
  for (const symbol of input.symbols) {
    const at = mapping.toPage(symbol);
    let best = -1;
    let bestDistance = Infinity;
    cells.forEach((cell, i) => {
      const distance = Math.hypot(at.x - cell.x, at.y - cell.y);
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    });
    const value = valueOf.get(symbol.text.toUpperCase());
    if (best < 0 || bestDistance > pitch / 2 || value === undefined) {
      unexpected.push(symbol);
      continue;
    }
    (inCell.get(best) ?? inCell.set(best, []).get(best)!).push({ symbol, at, value });
  }

  const toMm = (points: number) => Number(ptToMm(pt(points)).toFixed(2));
  const report = {
    read: [] as (SheetCell & OffsetMm)[],
    unreadable: [] as SheetCell[],
    missing: [] as SheetCell[],
    duplicated: [] as (SheetCell & { found: string })[],
    shifted: [] as (SheetCell & OffsetMm)[],
  };
  cells.forEach((cell, i) => {
    const here = inCell.get(i) ?? [];
    const sheetCell: SheetCell = { value: cell.value, column: cell.column, row: cell.row };
    const own = here.find((found) => found.value === cell.value);
    if (own) {
      const offset = { xMm: toMm(own.at.x - cell.x), yMm: toMm(own.at.y - cell.y) };
      report.read.push({ ...sheetCell, ...offset });
      if (Math.hypot(offset.xMm, offset.yMm) > SHIFT_MM) report.shifted.push({ ...sheetCell, ...offset });
      return;
    }
    if (here.length > 0) {
      report.duplicated.push({ ...sheetCell, found: here[0].value });
      return;
    }
    const centre = mapping.toImage(cell);
    const edge = mapping.toImage({ x: cell.x + template.labelDiameter / 4, y: cell.y });
    if (input.inkNear(centre.x, centre.y, Math.hypot(edge.x - centre.x, edge.y - centre.y)))
      report.unreadable.push(sheetCell);
    else report.missing.push(sheetCell);
  });

  const failed = new Set([...report.unreadable, ...report.missing, ...report.duplicated].map((c) => c.value));
  const good = report.read.filter((cell) => !report.shifted.includes(cell));
  return {
    ...report,
    unexpected,
    reprint: cells.filter((cell) => failed.has(cell.value)).map((cell) => cell.value),
    reprintStart: nextFreeLabel(template, input.codes.length, input.startColumn, input.startRow),
    perspective: mapping.perspective,
    sheet: page + 1,
    medianOffset:
      good.length > 0 && !mapping.perspective
        ? { xMm: median(good.map((cell) => cell.xMm)), yMm: median(good.map((cell) => cell.yMm)) }
        : null,
  };
}
