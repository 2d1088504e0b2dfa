import type { LabelTemplate } from './templates';
import { labelCentre } from './templates';
import type { SheetPoint } from './units';

/** Where printing starts on the first sheet, 1-based as the print dialogs show it. */
export interface StartPosition {
  readonly column: number;
  readonly row: number;
}

export const firstLabel: StartPosition = { column: 1, row: 1 };

/** One code's spot. `column` and `row` are 0-based (as in `labelCentre`); labels run across, then down. */
export interface LabelPlacement {
  readonly codeIndex: number;
  readonly pageIndex: number;
  /** Position of the label on its sheet, 0 … labelsPerSheet - 1. */
  readonly labelIndex: number;
  readonly column: number;
  readonly row: number;
  readonly centre: SheetPoint;
}

export function isValidStart(template: LabelTemplate, start: StartPosition): boolean {
  return (
    Number.isInteger(start.column) &&
    Number.isInteger(start.row) &&
    start.column >= 1 &&
    start.column <= template.columns &&
    start.row >= 1 &&
    start.row <= template.rows
  );
}

function clampOne(value: unknown, max: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  // Form input that is not a number at all falls back to the first label (PRODUCT.md, Validation).
  if (typeof number !== 'number' || !Number.isFinite(number)) return 1;
  return Math.min(max, Math.max(1, Math.trunc(number)));
}

/** Turns whatever a form holds into a valid start: non-numbers become 1, numbers are clamped. */
export function clampStart(
  template: LabelTemplate,
  start: { readonly column?: unknown; readonly row?: unknown },
): StartPosition {
  return { column: clampOne(start.column, template.columns), row: clampOne(start.row, template.rows) };
}

function assertStart(template: LabelTemplate, start: StartPosition): void {
  if (!isValidStart(template, start)) {
    throw new RangeError(
      `start must be column 1-${template.columns}, row 1-${template.rows}; got column ${start.column}, row ${start.row}`,
    );
  }
}

function assertCount(count: number): void {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`code count must be a whole number ≥ 0, got ${count}`);
}

/** Labels skipped at the top of the first sheet. */
export function skippedLabels(template: LabelTemplate, start: StartPosition = firstLabel): number {
  assertStart(template, start);
  return (start.row - 1) * template.columns + (start.column - 1);
}

export function firstPageCapacity(template: LabelTemplate, start: StartPosition = firstLabel): number {
  return template.labelsPerSheet - skippedLabels(template, start);
}

export function pageCount(count: number, template: LabelTemplate, start: StartPosition = firstLabel): number {
  assertCount(count);
  if (count === 0) return 0;
  return Math.ceil((count + skippedLabels(template, start)) / template.labelsPerSheet);
}

export function placeLabel(
  codeIndex: number,
  template: LabelTemplate,
  start: StartPosition = firstLabel,
): LabelPlacement {
  // Counting the skipped labels as if they were printed makes every later sheet start at label 1.
  const slot = skippedLabels(template, start) + codeIndex;
  const labelIndex = slot % template.labelsPerSheet;
  const column = labelIndex % template.columns;
  const row = Math.floor(labelIndex / template.columns);
  return {
    codeIndex,
    pageIndex: Math.floor(slot / template.labelsPerSheet),
    labelIndex,
    column,
    row,
    centre: labelCentre(template, column, row),
  };
}

export function placeLabels(
  count: number,
  template: LabelTemplate,
  start: StartPosition = firstLabel,
): LabelPlacement[] {
  assertCount(count);
  assertStart(template, start);
  return Array.from({ length: count }, (_, codeIndex) => placeLabel(codeIndex, template, start));
}
