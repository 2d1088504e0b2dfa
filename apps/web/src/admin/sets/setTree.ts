import type { QrCodeSetSummary } from '@homing/shared';

/** A top-level set with its children, in the order the list shows them. */
export interface SetNode {
  set: QrCodeSetSummary;
  children: QrCodeSetSummary[];
}

/** Top-level sets (no parent) newest first, each with its children in row order. */
export function setTree(sets: readonly QrCodeSetSummary[]): SetNode[] {
  const children = new Map<string, QrCodeSetSummary[]>();
  for (const set of sets) {
    if (!set.parentSetId) continue;
    const list = children.get(set.parentSetId) ?? [];
    list.push(set);
    children.set(set.parentSetId, list);
  }
  return sets
    .filter((set) => !set.parentSetId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((set) => ({
      set,
      children: (children.get(set.id) ?? []).sort((a, b) => a.firstRow - b.firstRow),
    }));
}

export interface SetProgress {
  printed: number;
  released: number;
  claimed: number;
  assigned: number;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * Set progress. A parent: claimed and assigned are the rounded share of the codes
 * over all its children, released (and printed) the rounded share of its children. A child or a
 * childless set uses its own flags (100 or 0) and its own codes. Zero codes give 0.
 */
export function setProgress(set: QrCodeSetSummary, children: readonly QrCodeSetSummary[] = []): SetProgress {
  if (children.length === 0)
    return {
      printed: set.isPrinted ? 100 : 0,
      released: set.isReleased ? 100 : 0,
      claimed: percent(set.claimedCount, set.codeCount),
      assigned: percent(set.assignedCount, set.codeCount),
    };
  const sum = (pick: (child: QrCodeSetSummary) => number) =>
    children.reduce((n, child) => n + pick(child), 0);
  const codes = sum((c) => c.codeCount);
  return {
    printed: percent(
      sum((c) => (c.isPrinted ? 1 : 0)),
      children.length,
    ),
    released: percent(
      sum((c) => (c.isReleased ? 1 : 0)),
      children.length,
    ),
    claimed: percent(
      sum((c) => c.claimedCount),
      codes,
    ),
    assigned: percent(
      sum((c) => c.assignedCount),
      codes,
    ),
  };
}

/** PRODUCT.md, States: which row actions a set offers. The server enforces the same rules. */
export const canPrint = (set: QrCodeSetSummary) => !set.parentSetId && !set.isPrinted && set.childCount === 0;
export const canSplit = (set: QrCodeSetSummary) =>
  !set.parentSetId && set.isPrinted && !set.isReleased && set.childCount === 0;
export const canRelease = (set: QrCodeSetSummary) => !!set.parentSetId && set.isPrinted && !set.isReleased;

export type SetStatus = 'not-printed' | 'printed' | 'split' | 'released';

export function setStatus(set: QrCodeSetSummary): SetStatus {
  if (set.childCount > 0) return 'split';
  if (set.isReleased) return 'released';
  return set.isPrinted ? 'printed' : 'not-printed';
}

export const SET_STATUS_TEXT: Record<SetStatus, string> = {
  'not-printed': 'Not printed',
  printed: 'Printed',
  split: 'Split',
  released: 'Released',
};

/** PRODUCT.md, Screens: a code is assigned (on an item), associated (claimed by an owner) or other. */
export type CodeStatus = 'assigned' | 'associated' | 'other';

export const codeStatus = (code: { isClaimed: boolean; isAssigned: boolean }): CodeStatus =>
  code.isAssigned ? 'assigned' : code.isClaimed ? 'associated' : 'other';
