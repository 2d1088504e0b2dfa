/**
 * The zod schema of every IPC payload. Main parses each one before acting on it: the renderer is
 * treated as untrusted input, like an HTTP client (STYLE.md 7).
 */
import { printSheetsRequest } from '@homing/shared';
import { z } from 'zod';
import { calibrationOffsetSchema, printerNameSchema } from '../core/calibration';

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
