import type {
  BulkCreateCodesRequest,
  GiftSettings,
  GiftSettingsRequest,
  BulkCreateCodesResult,
  MarkSetsPrintedResult,
  PrintPreset,
  PrintPresetInput,
  PrintTemplate,
  QrAnalytics,
  QrCodeSetDetail,
  QrCodeSetSummary,
  SplitSetRequest,
  SplitSetResult,
} from '@homing/shared';
import type { ApiClient, ApiResult } from '../api/client';

/** A gift voucher as admins see it (GET /api/admin/gift-vouchers). */
export interface AdminVoucher {
  id: string;
  code: string;
  itemName: string | null;
  issuedAt: string;
  expiresAt: string;
  redeemedAt: string | null;
  voidedAt: string | null;
  owner: { name: string | null; email: string | null; phoneNumber: string | null };
}

/** A print preset as the server keeps it (PRODUCT.md, Printing). */
export type SavedPrintPreset = PrintPreset & { id: string };

/** The admin API in PRODUCT.md (Calls), typed. Every call answers the envelope; none throws on HTTP errors. */
export function adminApi(api: ApiClient) {
  return {
    templates: () => api.get<PrintTemplate[]>('/api/templates', { auth: false }),
    analytics: () => api.get<QrAnalytics>('/api/admin/qr-codes/analytics'),
    bulkCreate: (body: BulkCreateCodesRequest) =>
      api.post<BulkCreateCodesResult>('/api/admin/qr-codes/bulk', body),
    sets: () => api.get<QrCodeSetSummary[]>('/api/admin/qr-sets'),
    set: (id: string) => api.get<QrCodeSetDetail>(`/api/admin/qr-sets/${encodeURIComponent(id)}`),
    /** `count`: roll templates only, the set's number of labels. */
    createSet: (templateId: string, count?: number) =>
      api.post<QrCodeSetDetail>(
        '/api/admin/qr-sets/create-with-codes',
        count === undefined ? { templateId } : { templateId, count },
      ),
    split: (body: SplitSetRequest) => api.post<SplitSetResult>('/api/admin/qr-sets/split', body),
    markPrinted: (setIds: string[]) =>
      api.post<MarkSetsPrintedResult>('/api/admin/qr-sets/mark-sets-printed', { setIds }),
    markReleased: (setIds: string[]) => api.post<null>('/api/admin/qr-sets/mark-sets-released', { setIds }),
    presets: () => api.get<{ presets: SavedPrintPreset[] }>('/api/admin/print-presets'),
    savePreset: (preset: PrintPresetInput) =>
      api.post<{ preset: SavedPrintPreset }>('/api/admin/print-presets', preset),
    deletePreset: (id: string) =>
      api.post<{ deleted: true }>(`/api/admin/print-presets/${encodeURIComponent(id)}/delete`),
    vouchers: () => api.get<{ vouchers: AdminVoucher[] }>('/api/admin/gift-vouchers'),
    voidVoucher: (id: string) =>
      api.post<{ voucher: AdminVoucher }>(`/api/admin/gift-vouchers/${encodeURIComponent(id)}/void`),
    giftSettings: () => api.get<{ settings: GiftSettings }>('/api/admin/gift-settings'),
    saveGiftSettings: (body: GiftSettingsRequest) =>
      api.put<{ settings: GiftSettings }>('/api/admin/gift-settings', body),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;

/** The server's message when it sent one, else the screen's fallback (PRODUCT.md, Errors). */
export const errorText = (result: ApiResult<unknown>, fallback: string) =>
  !result.success && result.error && result.code !== 'network_error' ? result.error : fallback;
