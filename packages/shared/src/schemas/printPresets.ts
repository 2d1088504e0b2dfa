import { z } from 'zod';
import { safeText } from './text';

/** The most copies a preset asks for. */
export const MAX_PRESET_COPIES = 99;
const startNumber = (what: 'column' | 'row') =>
  z
    .number({ error: `The start ${what} must be a whole number` })
    .int(`The start ${what} must be a whole number`)
    .min(1, `The start ${what} must be 1 or more`)
    .max(100, `The start ${what} must be 100 or less`);

/**
 * A named print preset (PRODUCT.md, Printing): the label template, the printer, the start position
 * and the number of copies, saved by an admin under a name and chosen again in one step. No
 * offsets: calibration belongs to one physical printer and stays on its station, so choosing a
 * preset never changes it. Whether the start fits the template's grid is checked where the
 * templates are known (label-layout's isValidStart).
 */
export const printPreset = z.object({
  name: safeText('name', { error: 'Name the preset' })
    .trim()
    .min(1, 'Name the preset')
    .max(60, 'Preset names are at most 60 characters'),
  templateId: safeText('templateId', { error: 'Choose a template' })
    .trim()
    .min(1, 'Choose a template')
    .max(100),
  printer: z
    .string({ error: 'Choose a printer' })
    .trim()
    .min(1, 'Choose a printer')
    .max(127, 'Printer names are at most 127 characters')
    .regex(/^[^\s/#\\]+(\/[^\s/#\\]+)?$/, 'Not a printer name'),
  startColumn: startNumber('column').default(1),
  startRow: startNumber('row').default(1),
  copies: z
    .number({ error: 'Copies must be a whole number' })
    .int('Copies must be a whole number')
    .min(1, 'Copies must be 1 or more')
    .max(MAX_PRESET_COPIES, `Copies must be ${MAX_PRESET_COPIES} or less`)
    .default(1),
});
export type PrintPreset = z.output<typeof printPreset>;
export type PrintPresetInput = z.input<typeof printPreset>;
