/**
 * The admin screens and what a host needs to run them: the web app's one entry for other
 * workspaces (`@homing/web/admin` in package.json `exports`). The print station imports this and
 * nothing else from the web app; deeper paths are not exported, and ESLint refuses them.
 */
import '../styles/index.css';
import './admin.css';

export { QrAnalyticsScreen } from './analytics/QrAnalyticsScreen';
export { BulkPrintScreen } from './print/BulkPrintScreen';
export { QrSetsScreen } from './sets/QrSetsScreen';

export type { AdminServices } from './AdminServices';
export { AdminServicesContext } from './AdminServices';
export type { AdminApi } from './adminApi';
export { adminApi } from './adminApi';
export type { PrintPort, StationPresetSettings, StationPresetTarget } from './printing/PrintPort';
export { PrintPortContext } from './printing/PrintPort';
export type { SetsPdfOptions } from './printing/downloadPdf';

export type { ApiClient, ApiResult } from '../api/client';
export { createApiClient } from '../api/client';
export { ErrorState, LoadingState } from '../components/StateViews';
export { TextField } from '../components/TextField';
