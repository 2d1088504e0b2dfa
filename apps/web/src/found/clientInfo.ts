import { finderPhoneForReport } from '@homing/shared/finderPhone';
import type { FinderLocale } from '@homing/shared/finderLocale';
import { finderDeviceId } from './deviceId';
// The server's own rule, from a module without zod (this bundle must stay small).
import { detectDeviceType, type DeviceType } from '@homing/shared/device';

// Pure builders of what the finder page sends (PRODUCT.md, Entities): the scan analytics payload and the
// found report. The browser is read once into a ClientEnv so everything here is testable in Node.

export { detectDeviceType, type DeviceType };

export interface ClientEnv {
  userAgent: string;
  platform: string;
  language: string;
  timezone: string;
  screenWidth: number;
  screenHeight: number;
  /** navigator.connection.effectiveType where the browser has it. */
  connectionType?: string;
  referrer: string;
  /** This browser's first-party id (deviceId.ts): reloads within minutes count as one scan. */
  deviceId?: string;
}

interface NavigatorExtras {
  connection?: { effectiveType?: string };
  userAgentData?: { platform?: string };
}

/** Reads the browser once; every field falls back to something harmless. */
export function readClientEnv(): ClientEnv {
  const nav = navigator as Navigator & NavigatorExtras;
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    // Very old engines: the timezone is only analytics.
  }
  return {
    userAgent: nav.userAgent ?? '',
    platform: nav.userAgentData?.platform || nav.platform || '',
    language: nav.language ?? '',
    timezone,
    screenWidth: window.screen?.width ?? 0,
    screenHeight: window.screen?.height ?? 0,
    connectionType: nav.connection?.effectiveType,
    referrer: document.referrer,
    deviceId: finderDeviceId() ?? undefined,
  };
}

export interface ReportMetadata {
  deviceType: DeviceType;
  platform: string;
  language: string;
  timezone: string;
  screenSize: string;
  connectionType: string;
}

export function reportMetadata(env: ClientEnv): ReportMetadata {
  return {
    deviceType: detectDeviceType(env.userAgent),
    platform: env.platform,
    language: env.language,
    timezone: env.timezone,
    screenSize: `${env.screenWidth}x${env.screenHeight}`,
    connectionType: env.connectionType || 'unknown',
  };
}

export interface ScanPayload extends ReportMetadata {
  qrCode: string;
  scannedAt: string;
  referrer: string;
  deviceId?: string;
  /** Only when the finder chose to share it (a lost item's page asks). */
  latitude?: string;
  longitude?: string;
}

export function scanPayload(qrCode: string, env: ClientEnv, now: Date): ScanPayload {
  return {
    qrCode,
    scannedAt: now.toISOString(),
    ...reportMetadata(env),
    referrer: env.referrer || 'direct',
    ...(env.deviceId ? { deviceId: env.deviceId } : {}),
  };
}

export interface Position {
  latitude: number;
  longitude: number;
}

/** Spec: latitude and longitude travel as text with 4 decimals (about 11 m). */
export const coordinateText = (value: number) => value.toFixed(4);

export interface FoundReportPayload {
  finderName: string;
  finderEmail: string;
  finderPhone: string;
  foundNotes: string;
  latitude?: string;
  longitude?: string;
  foundAt: string;
  reportMetadata: ReportMetadata;
  /** The page's language: the finder's link and the owner's replies are sent in it. */
  locale: FinderLocale;
  /** This browser's finder-page id: an owner who blocks the sender blocks it (PRODUCT.md, Conversations). */
  deviceId?: string;
}

/**
 * The found report in PRODUCT.md (Entities). finderName and finderEmail exist but have no input, so they
 * are empty; the phone is +1 and 10 digits or empty; without a position there are no coordinates
 * at all (and never an address: nothing here turns a position into one).
 */
export function foundReportPayload(input: {
  message: string;
  phoneDisplay: string;
  /** The number as the report carries it, when the page worked it out (any country). */
  finderPhone?: string;
  position: Position | null;
  env: ClientEnv;
  now: Date;
  /** The language the page is shown in. */
  locale: FinderLocale;
}): FoundReportPayload {
  const { position } = input;
  const deviceId = finderDeviceId();
  return {
    finderName: '',
    finderEmail: '',
    finderPhone: input.finderPhone ?? finderPhoneForReport(input.phoneDisplay),
    foundNotes: input.message.trim(),
    ...(position
      ? { latitude: coordinateText(position.latitude), longitude: coordinateText(position.longitude) }
      : {}),
    foundAt: input.now.toISOString(),
    reportMetadata: reportMetadata(input.env),
    locale: input.locale,
    ...(deviceId ? { deviceId } : {}),
  };
}
