import type { QrCodeSetSummary } from '@homing/shared';
import { describe, expect, it } from 'vitest';
import { canPrint, canRelease, canSplit, codeStatus, setProgress, setStatus, setTree } from './setTree';

let n = 0;
const set = (over: Partial<QrCodeSetSummary> = {}): QrCodeSetSummary => ({
  id: `set-${++n}`,
  name: `Set ${n}`,
  createdAt: new Date(2026, 0, n).toISOString(),
  parentSetId: null,
  templateId: 'avery-4221',
  rows: 10,
  columns: 8,
  firstRow: 1,
  isPrinted: false,
  isReleased: false,
  printedAt: null,
  releasedAt: null,
  codeCount: 80,
  childCount: 0,
  claimedCount: 0,
  assignedCount: 0,
  ...over,
});

describe('setTree', () => {
  it('lists top-level sets newest first with their children in row order', () => {
    const old = set();
    const recent = set({ childCount: 2 });
    const second = set({ parentSetId: recent.id, firstRow: 6 });
    const first = set({ parentSetId: recent.id, firstRow: 1 });
    const tree = setTree([old, second, recent, first]);
    expect(tree.map((node) => node.set.id)).toEqual([recent.id, old.id]);
    expect(tree[0]!.children.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(tree[1]!.children).toEqual([]);
  });
});

describe('setProgress (PRODUCT.md, States)', () => {
  it('uses a childless set’s own flags and codes', () => {
    expect(setProgress(set())).toEqual({ printed: 0, released: 0, claimed: 0, assigned: 0 });
    expect(setProgress(set({ isPrinted: true, claimedCount: 27, assignedCount: 1 }))).toEqual({
      printed: 100,
      released: 0,
      claimed: 34, // 33.75 rounds up
      assigned: 1, // 1.25 rounds down
    });
  });

  it('uses a child’s own flags', () => {
    const child = set({
      parentSetId: 'p',
      isPrinted: true,
      isReleased: true,
      codeCount: 16,
      claimedCount: 8,
    });
    expect(setProgress(child)).toEqual({ printed: 100, released: 100, claimed: 50, assigned: 0 });
  });

  it('shares a parent’s codes over all its children and counts released children', () => {
    const parent = set({ isPrinted: true, childCount: 3 });
    const kids = [
      set({
        parentSetId: parent.id,
        isPrinted: true,
        isReleased: true,
        codeCount: 24,
        claimedCount: 12,
        assignedCount: 6,
      }),
      set({ parentSetId: parent.id, isPrinted: true, codeCount: 24, claimedCount: 1 }),
      set({ parentSetId: parent.id, isPrinted: true, codeCount: 8 }),
    ];
    expect(setProgress(parent, kids)).toEqual({ printed: 100, released: 33, claimed: 23, assigned: 11 });
  });

  it('gives 0 for zero codes', () => {
    expect(setProgress(set({ codeCount: 0, isPrinted: true }))).toMatchObject({ claimed: 0, assigned: 0 });
    const parent = set({ childCount: 1 });
    expect(setProgress(parent, [set({ parentSetId: parent.id, codeCount: 0 })]).claimed).toBe(0);
  });
});

describe('row actions (PRODUCT.md, States)', () => {
  it('offers Print only for an unprinted top-level set without children', () => {
    expect(canPrint(set())).toBe(true);
    expect(canPrint(set({ isPrinted: true }))).toBe(false);
    expect(canPrint(set({ parentSetId: 'p' }))).toBe(false);
    expect(canPrint(set({ childCount: 2 }))).toBe(false);
  });

  it('offers Split only for a printed top-level set without children', () => {
    expect(canSplit(set({ isPrinted: true }))).toBe(true);
    expect(canSplit(set())).toBe(false);
    expect(canSplit(set({ isPrinted: true, childCount: 5 }))).toBe(false);
    expect(canSplit(set({ isPrinted: true, parentSetId: 'p' }))).toBe(false);
    expect(canSplit(set({ isPrinted: true, isReleased: true }))).toBe(false);
  });

  it('offers Release only for a printed child not yet released', () => {
    expect(canRelease(set({ parentSetId: 'p', isPrinted: true }))).toBe(true);
    expect(canRelease(set({ parentSetId: 'p', isPrinted: true, isReleased: true }))).toBe(false);
    expect(canRelease(set({ parentSetId: 'p' }))).toBe(false);
    expect(canRelease(set({ isPrinted: true }))).toBe(false);
  });
});

describe('statuses', () => {
  it('names a set’s and a code’s status', () => {
    expect(setStatus(set())).toBe('not-printed');
    expect(setStatus(set({ isPrinted: true }))).toBe('printed');
    expect(setStatus(set({ isPrinted: true, childCount: 3 }))).toBe('split');
    expect(setStatus(set({ parentSetId: 'p', isPrinted: true, isReleased: true }))).toBe('released');
    expect(codeStatus({ isClaimed: true, isAssigned: true })).toBe('assigned');
    expect(codeStatus({ isClaimed: true, isAssigned: false })).toBe('associated');
    expect(codeStatus({ isClaimed: false, isAssigned: false })).toBe('other');
  });
});
