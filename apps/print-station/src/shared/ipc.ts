/**
 * The zod schema of every IPC payload. Main parses each one before acting on it: the renderer is
 * treated as untrusted input, like an HTTP client (STYLE.md 7). The bridge's input types are
 * inferred from these (bridge.ts), so this file stays free of Node for the renderer's program.
 */
import { printSheetsRequest } from '@homing/shared';
import { z } from 'zod';

/** A feed error larger than this is a jammed or misloaded sheet, not something to calibrate away. */
export const MAX_OFFSET_MM = 20;

const offsetMm = (axis: string) =>
  z
    .number({ error: `${axis} offset must be a number of millimetres` })
    .min(-MAX_OFFSET_MM, `${axis} offset must be between -${MAX_OFFSET_MM} and ${MAX_OFFSET_MM} mm`)
    .max(MAX_OFFSET_MM, `${axis} offset must be between -${MAX_OFFSET_MM} and ${MAX_OFFSET_MM} mm`);

/** Positive x moves everything right, positive y down (as `renderLabelSheetsPdf` takes it). */
export const calibrationOffsetSchema = z.object({ xMm: offsetMm('x'), yMm: offsetMm('y') });

export const printerNameSchema = z
  .string({ error: 'Choose a printer' })
  .trim()
  .min(1, 'Choose a printer')
  .max(127, 'Printer names are at most 127 characters')
  .regex(/^[^\s/#\\]+(\/[^\s/#\\]+)?$/, 'Not a printer name');

const startNumber = z.number().int().min(1).max(100);
const setId = z.uuid({ error: 'Not a set id' });

export const loginInputSchema = z.object({
  serverUrl: z.url({ protocol: /^https?$/, error: 'The server URL must start with http:// or https://' }),
  identifier: z.string().trim().min(1, 'Email or phone is required').max(320),
  password: z.string().min(1, 'Password is required').max(256),
});

/**
 * The API paths the renderer may reach through main: the admin API and what its screens read.
 * Anything else (other hosts, `..`, auth endpoints that hand out tokens) is refused.
 */
export const API_PATH =
  /^\/api\/(admin\/[A-Za-z0-9/_.-]*|templates|app-config|auth\/me)(\?[A-Za-z0-9_.,=&%-]*)?$/;

export const apiRequestSchema = z.object({
  method: z.enum(['GET', 'POST']),
  /** `/api/admin/…`, `/api/templates`, `/api/app-config` or `/api/auth/me`; nothing else. */
  path: z
    .string()
    .max(2000)
    .regex(API_PATH, 'Not an API path the station may call')
    .refine((path) => !path.includes('..'), 'Not an API path the station may call'),
  body: z.unknown().optional(),
});

export const printSetSchema = z.object({
  setId,
  printer: printerNameSchema,
  startColumn: startNumber.default(1),
  startRow: startNumber.default(1),
});

export const printSheetsSchema = z.object({ request: printSheetsRequest, printer: printerNameSchema });

export const printerOnlySchema = z.object({ printer: printerNameSchema });

export const calibrationSetSchema = calibrationOffsetSchema.extend({ printer: printerNameSchema });

export const calibrationSheetSchema = z.object({
  printer: printerNameSchema,
  templateId: z.string().min(1).max(100).optional(),
});

export const historySchema = z.object({ limit: z.number().int().min(1).max(1000).default(100) });

export const saveSetsPdfSchema = z.object({
  setIds: z.array(setId).min(1).max(50),
  startCol: startNumber.optional(),
  startRow: startNumber.optional(),
  templateId: z.string().min(1).max(100).optional(),
});

export const allowUnencryptedSchema = z.object({ allow: z.boolean() });

/** No payload: anything sent is ignored, but it must not be something other than nothing. */
export const noPayloadSchema = z.undefined();
