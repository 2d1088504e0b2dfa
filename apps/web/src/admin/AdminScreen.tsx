import { use, useMemo, type ReactNode } from 'react';
import { api } from '../api';
import { useAuth } from '../auth/authContext';
import { useAppConfig } from '../config/configContext';
import { AdminServicesContext, type AdminServices } from './AdminServices';
import { adminApi } from './adminApi';
import { downloadSetsPdf } from './printing/downloadPdf';
import { PrintPortBoundary } from './printing/PrintPortBoundary';
import './admin.css';

/** The web app's admin services: its API client, the signed-in token, its configuration. */
function WebAdminServices({ children }: { children: ReactNode }) {
  const { sessionToken } = useAuth();
  const { domainName, brandWord, smsNumber } = useAppConfig().config;
  const services = useMemo<AdminServices>(
    () => ({
      admin: adminApi(api),
      downloadSetsPdf: (options) => downloadSetsPdf(api, sessionToken, options),
      domainName,
      brandWord,
      smsNumber,
    }),
    [sessionToken, domainName, brandWord, smsNumber],
  );
  return <AdminServicesContext value={services}>{children}</AdminServicesContext>;
}

/**
 * Wraps an admin screen with what it needs, unless its host already provides it (the print
 * station provides its own services and print port above the app).
 */
export function AdminScreen({ children }: { children: ReactNode }) {
  const provided = use(AdminServicesContext);
  const content = <PrintPortBoundary>{children}</PrintPortBoundary>;
  return provided ? content : <WebAdminServices>{content}</WebAdminServices>;
}
