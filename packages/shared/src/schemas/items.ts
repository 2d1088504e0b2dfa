import { THREAD_STATES } from './threads';
import { z } from 'zod';
import { ITEMS_PAGE_SIZE } from '../constants';
import { lostInfo } from './lost';
import { nameText, safeText } from './text';

// Items, their photos, pending QR assignments and the owner's dashboard (PRODUCT.md, Entities and Calls).

export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 2000;
export const ITEMS_PAGE_MAX = 50;

export const ITEM_MESSAGES = {
  nameRequired: 'Item name is required',
  nameTooLong: `Item name must be at most ${ITEM_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${ITEM_DESCRIPTION_MAX} characters`,
  typeRequired: 'Item type is required',
  unknownType: 'Unknown item type',
  notFound: 'Item not found',
  photoTooLarge: 'Photo must be 5 MB or smaller',
  photoWrongType: 'Photo must be a JPEG, PNG or WebP image',
  photoRequired: 'Please choose a photo to upload',
  photoUrlFixed: 'photoUrl can only keep or remove the current photo; upload a new one with POST /photo',
} as const;

export const itemStatus = z.enum(['active', 'inactive', 'recovered']);
export type ItemStatus = z.infer<typeof itemStatus>;

export const itemType = z.object({ id: z.string(), icon: z.string(), displayName: z.string() });
export type ItemType = z.infer<typeof itemType>;

export const item = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** `/api/photos/<key>` or null. */
  photoUrl: z.string().nullable(),
  status: itemStatus,
  itemType,
  /** The assigned label's code value, or null. */
  qrCode: z.string().nullable(),
  createdAt: z.string(),
  /** Lost mode (PRODUCT.md, Lost mode): null or absent when the item is not lost. */
  lost: lostInfo.nullable().optional(),
});
export type Item = z.infer<typeof item>;

/** `:id` of the item routes; any string, so an id that is not a uuid is simply not found (404). */
export const itemIdParams = z.object({ id: safeText('id').max(64) });

const itemTypeId = safeText('Item type', { error: ITEM_MESSAGES.typeRequired })
  .trim()
  .min(1, ITEM_MESSAGES.typeRequired)
  .max(64, ITEM_MESSAGES.unknownType);
// Finders read the name: invisible-only names count as empty and bidi overrides are removed.
const name = nameText('Item name', { error: ITEM_MESSAGES.nameRequired }).pipe(
  z.string().min(1, ITEM_MESSAGES.nameRequired).max(ITEM_NAME_MAX, ITEM_MESSAGES.nameTooLong),
);
const description = safeText('Description', { multiline: true })
  .trim()
  .max(ITEM_DESCRIPTION_MAX, ITEM_MESSAGES.descriptionTooLong);

/** Multipart text fields of `POST /api/items` (the photo travels as the file field `photo`). */
export const createItemRequest = z.object({
  itemTypeId,
  name,
  description: description.default(''),
  // The web sends the text 'true'; items never get a label at creation, so it is accepted and ignored.
  omitQR: safeText('omitQR').max(8).optional(),
});
export type CreateItemRequest = z.input<typeof createItemRequest>;

/** `PUT /api/items/{id}`. photoUrl: omit or send the current URL to keep, null or '' to remove. */
export const updateItemRequest = z.object({
  name,
  itemTypeId,
  description: description.optional(),
  photoUrl: safeText('photoUrl').max(300).nullable().optional(),
  /** Not in the spec's payload: lets the owner switch a label off (scans then say inactive_item). */
  status: z.enum(['active', 'inactive']).optional(),
});
export type UpdateItemRequest = z.input<typeof updateItemRequest>;

const pageNumber = z.coerce.number({ error: 'page must be a number' }).int().min(1).max(100_000);

export const pageQuery = (defaultLimit: number) =>
  z.object({
    page: pageNumber.default(1),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int()
      .min(1, 'limit must be at least 1')
      .max(ITEMS_PAGE_MAX, `limit must be at most ${ITEMS_PAGE_MAX}`)
      .default(defaultLimit),
  });
export const myItemsQuery = pageQuery(ITEMS_PAGE_SIZE);
export type PageQuery = z.output<typeof myItemsQuery>;

export const myItemsPage = z.object({
  items: z.array(item),
  itemTypes: z.array(itemType),
  hasMore: z.boolean(),
});
export type MyItemsPage = z.infer<typeof myItemsPage>;

export const pendingAssignment = z.object({ id: z.string(), expiresAt: z.string() });
export type PendingAssignment = z.infer<typeof pendingAssignment>;

/** `GET /api/items/{id}/qr-assignment/pending`: the newest one for the item, for polling. */
export const pendingAssignmentStatus = pendingAssignment.extend({
  status: z.enum(['pending', 'completed', 'expired']),
  qrCode: z.string().nullable(),
});
export type PendingAssignmentStatus = z.infer<typeof pendingAssignmentStatus>;

export const foundEvent = z.object({
  id: z.string(),
  foundAt: z.string(),
  item: z.object({ id: z.string(), name: z.string() }),
  /** Where a lost item's finder was, when they shared it. */
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
});
export type FoundEvent = z.infer<typeof foundEvent>;

export const foundReportSummary = z.object({
  id: z.string(),
  /** id null: a report about a label with no item; the name then reads "Label ABC123 (not attached)". */
  item: z.object({ id: z.string().nullable(), name: z.string() }),
  finderName: z.string(),
  message: z.string(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  address: z.string().nullable(),
  foundAt: z.string(),
  reportedAt: z.string(),
  /** The conversation's state for the owner; the finder's e-mail and phone never leave the server. */
  state: z.enum(THREAD_STATES),
  /** The newest message from the finder (the report's own time when there is none after it). */
  lastFinderMessageAt: z.string(),
});
export type FoundReportSummary = z.infer<typeof foundReportSummary>;

/** `GET /api/users/me/data`: each list holds at most DASHBOARD_LIST_MAX entries; counts are totals. */
export const dashboardData = z.object({
  items: z.object({ items: z.array(item), totalCount: z.number() }),
  qrCodes: z.object({ unassignedCount: z.number(), claimedCount: z.number() }),
  foundEvents: z.array(foundEvent),
  foundEventsCount: z.number(),
  foundReports: z.array(foundReportSummary),
  foundReportsCount: z.number(),
});
export type DashboardData = z.infer<typeof dashboardData>;

export const foundEventsPage = z.object({
  events: z.array(foundEvent),
  totalCount: z.number(),
  hasMore: z.boolean(),
});
export type FoundEventsPage = z.infer<typeof foundEventsPage>;

export const foundReportsPage = z.object({
  reports: z.array(foundReportSummary),
  totalCount: z.number(),
  hasMore: z.boolean(),
});
export type FoundReportsPage = z.infer<typeof foundReportsPage>;
