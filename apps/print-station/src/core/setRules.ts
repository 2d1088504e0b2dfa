/** Spec section 4, as the station applies it. Pure: also used by the renderer's browser twin. */

export interface SetFlags {
  readonly parentSetId: string | null;
  readonly childCount: number;
  readonly isPrinted: boolean;
}

/** Printing marks only a top-level set that has no children and is not printed yet. */
export const isMarkable = (set: SetFlags): boolean =>
  set.parentSetId === null && set.childCount === 0 && !set.isPrinted;
