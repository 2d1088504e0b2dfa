import type { LabelTemplate } from '@homing/label-layout';
import { defaultTemplate } from '@homing/label-layout';
import type { Calibration } from '@homing/label-layout/pdf';
import { renderCalibrationSheetPdf } from '@homing/label-layout/pdf';
import { z } from 'zod';
import { readTextIfExists, writeFileAtomic } from './jsonFile';
import { calibrationOffsetSchema, printerNameSchema } from '../shared/ipc';
import type { PrinterCalibration } from '../shared/types';

export type { PrinterCalibration } from '../shared/types';

const calibrationFileSchema = z.object({
  version: z.literal(1),
  printers: z.record(z.string(), calibrationOffsetSchema.extend({ updatedAt: z.string() })),
});
type CalibrationFile = z.infer<typeof calibrationFileSchema>;

/**
 * Per-printer offsets in a JSON file, applied to every print on that printer. A damaged file is
 * an error, not zero offsets: silently printing uncorrected would waste a sheet of labels.
 */
export class CalibrationStore {
  constructor(
    private readonly path: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async read(): Promise<CalibrationFile> {
    const text = await readTextIfExists(this.path);
    if (text === null) return { version: 1, printers: {} };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`The calibration file ${this.path} is not valid JSON`);
    }
    const parsed = calibrationFileSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(`The calibration file ${this.path} is not valid: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  }

  async get(printer: string): Promise<PrinterCalibration> {
    const entry = (await this.read()).printers[printer];
    return entry
      ? { printer, xMm: entry.xMm, yMm: entry.yMm, updatedAt: entry.updatedAt }
      : { printer, xMm: 0, yMm: 0, updatedAt: null };
  }

  async all(): Promise<PrinterCalibration[]> {
    const { printers } = await this.read();
    return Object.entries(printers).map(([printer, entry]) => ({ printer, ...entry }));
  }

  async set(printer: string, offset: Calibration): Promise<PrinterCalibration> {
    const name = printerNameSchema.parse(printer);
    const { xMm, yMm } = calibrationOffsetSchema.parse(offset);
    const file = await this.read();
    const updatedAt = this.now().toISOString();
    file.printers[name] = { xMm, yMm, updatedAt };
    await writeFileAtomic(this.path, `${JSON.stringify(file, null, 2)}\n`);
    return { printer: name, xMm, yMm, updatedAt };
  }
}

/**
 * The calibration sheet for `printer` with its current offsets: crosshairs on every label centre
 * and millimetre rulers. Printed on a label sheet, the crosshairs' distance from the die-cut
 * centres is the correction to add (README, "Calibrating a printer").
 */
export async function calibrationSheetFor(
  store: Pick<CalibrationStore, 'get'>,
  printer: string,
  template: LabelTemplate = defaultTemplate,
): Promise<{ pdf: Uint8Array; calibration: PrinterCalibration }> {
  const calibration = await store.get(printer);
  return { pdf: await renderCalibrationSheetPdf({ template, calibration }), calibration };
}
