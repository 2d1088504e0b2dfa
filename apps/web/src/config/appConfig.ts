import { DEFAULT_DOMAIN, appConfig, type AppConfig } from '@homing/shared';
import type { ApiClient } from '../api/client';

/** Used until the configuration call answers (and if it never does). */
export const DEFAULT_APP_CONFIG: AppConfig = {
  brandName: 'Homing',
  brandWord: 'homing',
  companyName: 'Homing Labs',
  domainName: DEFAULT_DOMAIN,
  isDevelopment: false,
  smsNumber: null,
};

/** The app configuration fetch in PRODUCT.md (Calls); a failure is only logged (PRODUCT.md, Errors). */
export async function fetchAppConfig(api: ApiClient): Promise<AppConfig | null> {
  try {
    const result = await api.get<AppConfig>('/api/app-config', { auth: false });
    const parsed = appConfig.safeParse(result.data);
    if (result.success && parsed.success) return parsed.data;
    console.warn('App configuration not loaded:', result.error || 'unexpected response');
  } catch (err) {
    console.warn('App configuration not loaded:', err);
  }
  return null;
}

export const copyrightLine = (config: Pick<AppConfig, 'companyName'>) => `© 2025 ${config.companyName}`;
