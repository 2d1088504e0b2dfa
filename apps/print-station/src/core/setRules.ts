/** The set rules of PRODUCT.md (States), as the station applies them. Pure: also used by the renderer's browser twin. */
import type { LabelTemplate } from '@homing/label-layout';
import { isValidStart } from '@homing/label-layout';

export interface SetFlags {
  readonly parentSetId: string | null;
  readonly childCount: number;
  readonly isPrinted: boolean;
}

/** Printing marks only a top-level set that has no children and is not printed yet. */
export const isMarkable = (set: SetFlags): boolean =>
  set.parentSetId === null && set.childCount === 0 && !set.isPrinted;

/** Why a start position does not fit the template (null: it does). */
export const startProblem = (template: LabelTemplate, column: number, row: number): string | null =>
  isValidStart(template, { column, row })
    ? null
    : `Start column must be 1-${template.columns} and start row 1-${template.rows} for ${template.name}`;
