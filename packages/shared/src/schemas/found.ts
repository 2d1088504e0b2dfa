import { z } from 'zod';
import { DEVICE_TYPES } from '../validation/device';
import { FINDER_LOCALES } from '../validation/finderLocale';
import { isAcceptedFinderPhone } from '../validation/intlPhone';
import { isPremiumOrSatellite, UNTEXTABLE_PHONE } from '../validation/untextable';
import { nameText, safeText } from './text';

export const FOUND_MESSAGE_MAX = 2000;
export const FOUND_MESSAGES = {
  messageRequired: 'Please tell the owner something about where you found it',
  messageTooLong: `Your message must be at most ${FOUND_MESSAGE_MAX} characters`,
  phone: 'Phone must be +1 followed by 10 digits, or empty',
  phoneInternational:
    'Phone must be a valid number with its country code, like +52 55 1234 5678 (sent as +525512345678), or empty',
  phoneRefused: UNTEXTABLE_PHONE,
  coordinates: 'Location must be a latitude from -90 to 90 and a longitude from -180 to 180',
  email: 'Please enter a valid email address',
  locale: `locale must be one of ${FINDER_LOCALES.join(', ')}`,
} as const;

const text = (label: string, max: number, opts: { multiline?: boolean } = {}) =>
  safeText(label, opts).trim().max(max);

/** Latitude/longitude arrive as text with 4 decimals (PRODUCT.md, Entities); numbers are accepted too. */
const coordinate = (limit: number) =>
  z
    .union([
      z
        .string()
        .trim()
        .regex(/^-?\d{1,3}(\.\d{1,6})?$/, FOUND_MESSAGES.coordinates),
      z.number(),
    ])
    .transform((v) => Number(v))
    .refine((v) => Number.isFinite(v) && Math.abs(v) <= limit, FOUND_MESSAGES.coordinates)
    .transform((v) => v.toFixed(4));

export const reportMetadata = z
  .object({
    deviceType: text('deviceType', 20).optional(),
    platform: text('platform', 100).optional(),
    language: text('language', 35).optional(),
    timezone: text('timezone', 64).optional(),
    screenSize: text('screenSize', 20).optional(),
    connectionType: text('connectionType', 20).optional(),
  })
  .strip();

export const foundReportRequest = z
  .object({
    // In the form state but without an input (spec): validated only when present.
    finderName: nameText('Your name').pipe(z.string().max(100)).optional().default(''),
    finderEmail: safeText('Email')
      .trim()
      .max(320)
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), FOUND_MESSAGES.email)
      .optional()
      .default(''),
    // The spec's +1 and 10 digits, or (PRODUCT.md, Validation) any valid international number in E.164.
    finderPhone: safeText('Phone')
      .superRefine((v, ctx) => {
        if (isAcceptedFinderPhone(v)) return;
        if (isPremiumOrSatellite(v))
          return void ctx.addIssue({ code: 'custom', message: FOUND_MESSAGES.phoneRefused });
        const international = /^\+[02-9]/.test(v);
        ctx.addIssue({
          code: 'custom',
          message: international ? FOUND_MESSAGES.phoneInternational : FOUND_MESSAGES.phone,
        });
      })
      .optional()
      .default(''),
    foundNotes: safeText('Your message', { multiline: true, error: FOUND_MESSAGES.messageRequired })
      .trim()
      .min(1, FOUND_MESSAGES.messageRequired)
      .max(FOUND_MESSAGE_MAX, FOUND_MESSAGES.messageTooLong),
    latitude: coordinate(90).optional().nullable(),
    longitude: coordinate(180).optional().nullable(),
    address: text('address', 300).optional().nullable(),
    foundAt: z.iso.datetime({ offset: true, error: 'foundAt must be an ISO time' }).optional(),
    reportMetadata: reportMetadata.optional(),
    /** The finder page's language: what we send the finder (link, replies) is written in it. */
    locale: z.enum(FINDER_LOCALES, { error: FOUND_MESSAGES.locale }).optional().default('en'),
    /** The finder page's first-party id: an owner's block holds it (PRODUCT.md, Conversations), never an address. */
    deviceId: text('deviceId', 64).optional(),
  })
  .refine((r) => (r.latitude == null) === (r.longitude == null), {
    message: FOUND_MESSAGES.coordinates,
    path: ['latitude'],
  });
export type FoundReportRequest = z.input<typeof foundReportRequest>;

export const scanAnalyticsRequest = z
  .object({
    qrCode: safeText('qrCode').trim().min(1, 'qrCode is required').max(64),
    scannedAt: z.iso.datetime({ offset: true }).optional(),
    deviceType: z.enum(DEVICE_TYPES).optional(),
    platform: text('platform', 100).optional(),
    language: text('language', 35).optional(),
    timezone: text('timezone', 64).optional(),
    connectionType: text('connectionType', 20).optional(),
    screenSize: text('screenSize', 20).optional(),
    referrer: text('referrer', 500).optional(),
    /** The finder page's first-party id (random, kept on the device): repeated loads count once. */
    deviceId: text('deviceId', 64).optional(),
    /** A lost item's page may ask the finder to share where they are; it reaches the owner's alert. */
    latitude: coordinate(90).optional().nullable(),
    longitude: coordinate(180).optional().nullable(),
  })
  .strip()
  .refine((r) => (r.latitude == null) === (r.longitude == null), {
    message: FOUND_MESSAGES.coordinates,
    path: ['latitude'],
  });
export type ScanAnalyticsRequest = z.input<typeof scanAnalyticsRequest>;
