import type { LabelPlacement, StartPosition } from './placement';
import { firstLabel, pageCount, placeLabels } from './placement';
import type { LabelTemplate } from './templates';

/** Where one set of a print job lands on the job's stack of sheets. */
export interface JobSet {
  /** 0-based sheet of the job the set starts on. */
  readonly firstSheet: number;
  readonly sheetCount: number;
  /** The cell of its first sheet the set starts at. */
  readonly start: StartPosition;
}

/** One label of a job: its set, and its spot on the job's sheets. */
export interface JobPlacement extends LabelPlacement {
  readonly setIndex: number;
  /** 0-based sheet of the job (`pageIndex` counts from the set's first sheet). */
  readonly sheetIndex: number;
}

/**
 * The rule for a job of several sets (given by their label counts): each set starts on a new
 * sheet, so page n of a bulk batch is its set n and a sheet never mixes sets; the chosen start
 * cell applies to the first set only, the others start at column 1, row 1.
 */
export function jobSets(
  setSizes: readonly number[],
  template: LabelTemplate,
  start: StartPosition = firstLabel,
): JobSet[] {
  let next = 0;
  return setSizes.map((size, i) => {
    const setStart = i === 0 ? start : firstLabel;
    const sheetCount = pageCount(size, template, setStart);
    const set = { firstSheet: next, sheetCount, start: setStart };
    next += sheetCount;
    return set;
  });
}

export function jobSheetCount(
  setSizes: readonly number[],
  template: LabelTemplate,
  start: StartPosition = firstLabel,
): number {
  const last = jobSets(setSizes, template, start).at(-1);
  return last ? last.firstSheet + last.sheetCount : 0;
}

/** Every label of a job, set by set in order, with the sheet of the job it lands on. */
export function placeJobLabels(
  setSizes: readonly number[],
  template: LabelTemplate,
  start: StartPosition = firstLabel,
): JobPlacement[] {
  return jobSets(setSizes, template, start).flatMap((set, setIndex) =>
    placeLabels(setSizes[setIndex], template, set.start).map((placement) => ({
      ...placement,
      setIndex,
      sheetIndex: set.firstSheet + placement.pageIndex,
    })),
  );
}
