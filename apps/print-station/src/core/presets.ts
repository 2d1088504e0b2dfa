import { getTemplate, isValidStart } from '@homing/label-layout';
import type { PrintPreset, PrintPresetInput } from '@homing/shared';
import { printPreset } from '@homing/shared';
import { z } from 'zod';
import { readTextIfExists, writeFileAtomic } from './jsonFile';

export type { PrintPreset } from '@homing/shared';

const presetsFileSchema = z.object({ version: z.literal(1), presets: z.array(printPreset) });

/** A preset that cannot be used as it is: an unknown template, a start outside its grid. */
export class PresetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PresetError';
  }
}

/** Parses a preset and holds its start to its template's grid. */
export function checkPreset(input: PrintPresetInput): PrintPreset {
  const preset = printPreset.parse(input);
  const template = getTemplate(preset.templateId);
  if (!template) throw new PresetError(`Unknown label template ${preset.templateId}`);
  if (!isValidStart(template, { column: preset.startColumn, row: preset.startRow }))
    throw new PresetError(
      `Start column must be 1-${template.columns} and start row 1-${template.rows} for ${template.name}`,
    );
  return preset;
}

/**
 * The station's named print presets (template + printer + offsets + start position) in a JSON
 * file, by name (names compare without case). A damaged file is an error, not an empty list.
 */
export class PresetStore {
  constructor(private readonly path: string) {}

  private async read(): Promise<PrintPreset[]> {
    const text = await readTextIfExists(this.path);
    if (text === null) return [];
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`The presets file ${this.path} is not valid JSON`);
    }
    const parsed = presetsFileSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(`The presets file ${this.path} is not valid: ${parsed.error.issues[0]?.message}`);
    return parsed.data.presets;
  }

  private write(presets: readonly PrintPreset[]): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify({ version: 1, presets }, null, 2)}\n`);
  }

  /** Every preset, by name. */
  async list(): Promise<PrintPreset[]> {
    return (await this.read()).sort((a, b) => a.name.localeCompare(b.name));
  }

  async get(name: string): Promise<PrintPreset | null> {
    const key = name.trim().toLowerCase();
    return (await this.read()).find((preset) => preset.name.toLowerCase() === key) ?? null;
  }

  /** Saves the preset, replacing one of the same name. */
  async save(input: PrintPresetInput): Promise<PrintPreset> {
    const preset = checkPreset(input);
    const others = (await this.read()).filter((p) => p.name.toLowerCase() !== preset.name.toLowerCase());
    await this.write([...others, preset]);
    return preset;
  }

  /** True when there was a preset of that name. */
  async remove(name: string): Promise<boolean> {
    const presets = await this.read();
    const kept = presets.filter((p) => p.name.toLowerCase() !== name.trim().toLowerCase());
    if (kept.length === presets.length) return false;
    await this.write(kept);
    return true;
  }
}
