import type {
  AvailableCodes,
  ClaimRequest,
  ClaimResult,
  DashboardData,
  FoundEventsPage,
  FoundReportsPage,
  Item,
  ItemType,
  MarkLostRequest,
  MyItemsPage,
  OwnerThread,
  ThreadMessageRequest,
  PendingAssignment,
  PendingAssignmentStatus,
  ScanResult,
  UpdateItemRequest,
} from '@homing/shared';
import { ITEMS_PAGE_SIZE } from '@homing/shared';
import { api } from '../api';

/** A gift voucher issued when the owner marks an item recovered (GET /api/users/me/vouchers). */
export interface Voucher {
  id: string;
  code: string;
  itemName: string | null;
  issuedAt: string;
  /** The last moment it can be redeemed. */
  expiresAt: string;
  redeemedAt: string | null;
  /** Voided by an admin: shown as void, no longer usable. */
  voidedAt: string | null;
}

/** What the gift is, how and where to redeem it (the admins' words). */
export interface GiftExplanation {
  description: string;
  howToRedeem: string;
  redeemUrl: string | null;
}

const itemPath = (id: string) => `/api/items/${encodeURIComponent(id)}`;
const reportPath = (id: string) => `/api/reports/${encodeURIComponent(id)}`;

/** Every owner call in PRODUCT.md (Calls), typed with the shared schemas' types. */
export const ownerApi = {
  itemTypes: () => api.get<{ itemTypes: ItemType[] }>('/api/item-types', { auth: false }),
  createItem: (form: FormData) => api.upload<{ item: Item }>('/api/items', form),
  myItems: (page: number, limit = ITEMS_PAGE_SIZE) =>
    api.get<MyItemsPage>(`/api/items/my-items?page=${page}&limit=${limit}`),
  item: (id: string) => api.get<{ item: Item }>(itemPath(id)),
  updateItem: (id: string, body: UpdateItemRequest) => api.put<{ item: Item }>(itemPath(id), body),
  /** Lost mode (PRODUCT.md, Lost mode): start or change it, or end it. */
  markLost: (id: string, body: MarkLostRequest) => api.put<{ item: Item }>(`${itemPath(id)}/lost`, body),
  endLost: (id: string) => api.delete<{ item: Item }>(`${itemPath(id)}/lost`),
  deleteItem: (id: string) => api.delete<{ id: string; deleted: boolean }>(itemPath(id)),
  uploadPhoto: (id: string, photo: File) => {
    const form = new FormData();
    form.append('photo', photo);
    return api.upload<{ item: Item }>(`${itemPath(id)}/photo`, form);
  },

  createPending: (id: string) => api.post<PendingAssignment>(`${itemPath(id)}/qr-assignment/pending`),
  pendingStatus: (id: string) => api.get<PendingAssignmentStatus>(`${itemPath(id)}/qr-assignment/pending`),
  cancelPending: (id: string) => api.delete<{ cancelled: number }>(`${itemPath(id)}/qr-assignment/pending`),
  availableCodes: () => api.get<AvailableCodes>('/api/qr-codes/available'),
  assignCode: (id: string, qrCode: string) =>
    api.post<{ item: Item }>(`${itemPath(id)}/qr-assignment`, { qrCode }),
  /** Takes the label off the item; the owner keeps the code for another item. */
  removeCode: (id: string) => api.delete<{ item: Item }>(`${itemPath(id)}/qr-assignment`),

  scan: (qrCode: string) => api.get<ScanResult>(`/api/qr-code-event/${encodeURIComponent(qrCode)}`),
  /** The scan said `assignment_pending`: put the scanned label on that item (a scan outcome back). */
  completeAssignment: (itemId: string, qrCode: string) =>
    api.post<ScanResult>(`${itemPath(itemId)}/qr-assignment/scan`, { qrCode }),
  claim: (body: ClaimRequest) => api.post<ClaimResult>('/api/qr-codes/claim', body),

  dashboard: () => api.get<DashboardData>('/api/users/me/data'),
  foundEvents: (page: number) => api.get<FoundEventsPage>(`/api/users/me/found-events?page=${page}`),
  foundReports: (page: number) => api.get<FoundReportsPage>(`/api/users/me/found-reports?page=${page}`),
  vouchers: () => api.get<{ vouchers: Voucher[]; gift: GiftExplanation }>('/api/users/me/vouchers'),

  /** Opening a conversation tells the finder it was read. */
  thread: (reportId: string) => api.get<OwnerThread>(`${reportPath(reportId)}/thread`),
  reply: (reportId: string, body: ThreadMessageRequest) =>
    api.post<{ id: string; thread: OwnerThread }>(`${reportPath(reportId)}/messages`, body),
  closeThread: (reportId: string, block: boolean) =>
    api.post<OwnerThread>(`${reportPath(reportId)}/close`, { block }),
};
