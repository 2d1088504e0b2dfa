/**
 * The zod schema of every IPC payload. Main parses each one before acting on it: the renderer is
 * treated as untrusted input, like an HTTP client (every message is checked against its schema). The bridge's input types are
 * inferred from these (bridge.ts), so this file stays free of Node for the renderer's program.
 */
import { TEST_PRINT_MAX_CODES } from '@homing/shared';
import { z } from 'zod';
import { SCAN_MAX_SIDE } from './bridge';

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

const templateId = z.string().min(1).max(100);

/** Said of a payload that carries codes, a domain or anything else the station takes from the server. */
export const ONLY_WHAT_THE_SERVER_SAYS =
  'Refused: the station prints only what the server holds (name the sets, not their codes or domain)';

/**
 * A sheets job as the renderer may ask for it: which sets (or a test page), the template and the
 * start position. Nothing else: main loads the codes, names and the label domain from the API
 * itself (core/printSheets.ts), so a renderer cannot print codes of its own making or another
 * domain under a real set's name, nor mark a set it did not print. Extra keys are refused.
 */
export const stationSheetsJobSchema = z.discriminatedUnion('kind', [
  z.strictObject(
    {
      kind: z.literal('sets'),
      setIds: z.array(setId).min(1).max(50),
      startColumn: startNumber.default(1),
      startRow: startNumber.default(1),
    },
    { error: ONLY_WHAT_THE_SERVER_SAYS },
  ),
  /** The test page (PRODUCT.md, Printing): made-up codes (TEST0001 …) the station makes; marks nothing. */
  z.strictObject(
    {
      kind: z.literal('test'),
      count: z.number().int().min(1).max(TEST_PRINT_MAX_CODES),
      templateId: templateId.optional(),
      startColumn: startNumber.default(1),
      startRow: startNumber.default(1),
      /** The test page lets the admin type the domain to try; its codes exist nowhere. */
      domainName: z
        .string()
        .trim()
        .min(1)
        .max(253)
        .regex(/^[A-Za-z0-9.:-]+$/, 'Not a domain name'),
    },
    { error: ONLY_WHAT_THE_SERVER_SAYS },
  ),
]);

export const printSheetsSchema = z.strictObject(
  { job: stationSheetsJobSchema, printer: printerNameSchema },
  { error: ONLY_WHAT_THE_SERVER_SAYS },
);

export const printerOnlySchema = z.object({ printer: printerNameSchema });

export const calibrationSetSchema = calibrationOffsetSchema.extend({ printer: printerNameSchema });

export const calibrationSheetSchema = z.object({
  printer: printerNameSchema,
  templateId: templateId.optional(),
});

export const historySchema = z.object({ limit: z.number().int().min(1).max(1000).default(100) });

export const saveSetsPdfSchema = z.object({
  setIds: z.array(setId).min(1).max(50),
  startCol: startNumber.optional(),
  startRow: startNumber.optional(),
  templateId: z.string().min(1).max(100).optional(),
});

/** The most grey pixels main takes for a read-back (16 MB over IPC). */
export const SCAN_MAX_PIXELS = SCAN_MAX_SIDE * SCAN_MAX_SIDE;

/**
 * A scan or photo of a printed sheet, to read back. The renderer (sandboxed, no file system)
 * decodes the file the operator chose with Chromium's own decoders and sends only grey pixels, so
 * main never parses an image file; main loads the set's codes, template and domain from the API.
 */
export const readBackSchema = z.strictObject(
  {
    setId,
    startColumn: startNumber.default(1),
    startRow: startNumber.default(1),
    scan: z
      .strictObject({
        width: z.number().int().min(1).max(SCAN_MAX_SIDE),
        height: z.number().int().min(1).max(SCAN_MAX_SIDE),
        gray: z.instanceof(Uint8Array, { error: 'The scan must be grey pixels' }),
      })
      .refine((scan) => scan.gray.length === scan.width * scan.height, {
        error: 'The scan’s pixels do not match its size',
      }),
  },
  { error: ONLY_WHAT_THE_SERVER_SAYS },
);

export const allowUnencryptedSchema = z.object({ allow: z.boolean() });

/** No payload: anything sent is ignored, but it must not be something other than nothing. */
export const noPayloadSchema = z.undefined();
