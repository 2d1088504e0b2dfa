import type { FoundEvent, FoundReportSummary } from '@homing/shared';
import { threadState, type ThreadStateRow } from '../../lib/threadState';

/** Rows of the finders services (foundEventsPager, foundReportsPager): a scan or a report joined with its item's name. */
export interface FoundEventRow {
  id: string;
  scannedAt: Date;
  itemId: string;
  itemName: string;
  /** Where a lost item's finder shared they were (decimal strings), else null. */
  latitude: string | number | null;
  longitude: string | number | null;
}

/** How a report about a label with no item is named to its owner. */
export const unattachedLabelName = (codeValue: string) => `Label ${codeValue} (not attached)`;

export interface FoundReportRow extends ThreadStateRow {
  id: string;
  /** Null: a report about a label with no item (itemName then names the label). */
  itemId: string | null;
  itemName: string;
  finderName: string;
  message: string;
  latitude: string | null;
  longitude: string | null;
  address: string | null;
  foundAt: Date;
  createdAt: Date;
}

const iso = (d: Date) => new Date(d).toISOString();
const coordinate = (v: string | number | null) => (v === null ? null : Number(v).toFixed(4));

export const presentFoundEvent = (row: FoundEventRow): FoundEvent => ({
  id: row.id,
  foundAt: iso(row.scannedAt),
  item: { id: row.itemId, name: row.itemName },
  latitude: coordinate(row.latitude),
  longitude: coordinate(row.longitude),
});

/**
 * The owner's view of a finder report and its conversation's state. The finder's location is the
 * owner's to see; their e-mail and phone are not (the owner answers in the conversation).
 */
export const presentFoundReport = (row: FoundReportRow): FoundReportSummary => ({
  id: row.id,
  item: { id: row.itemId, name: row.itemName },
  finderName: row.finderName,
  message: row.message,
  latitude: coordinate(row.latitude),
  longitude: coordinate(row.longitude),
  address: row.address,
  foundAt: iso(row.foundAt),
  reportedAt: iso(row.createdAt),
  state: threadState(row),
  lastFinderMessageAt: iso(row.lastFinderMessageAt),
});
