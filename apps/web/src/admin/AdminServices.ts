import { createContext, use } from 'react';
import type { AdminApi } from './adminApi';
import type { SetsPdfOptions } from './printing/downloadPdf';

/**
 * What the admin screens need from their host: the admin API, a way to save a sets' PDF, and the
 * label domain and brand word. The web app provides them from its API client and configuration
 * (AdminServicesProvider); the print station can provide its own.
 */
export interface AdminServices {
  admin: AdminApi;
  /** Saves the sets' exact-size PDF; resolves to an error message or null. */
  downloadSetsPdf(options: SetsPdfOptions): Promise<string | null>;
  domainName: string;
  brandWord: string;
  /** The instance's SMS number for the labels' "or text CODE to …" line; null: none. */
  smsNumber: string | null;
}

export const AdminServicesContext = createContext<AdminServices | null>(null);

export function useAdminServices(): AdminServices {
  const services = use(AdminServicesContext);
  if (!services) throw new Error('useAdminServices must be used inside <AdminServicesProvider>');
  return services;
}
