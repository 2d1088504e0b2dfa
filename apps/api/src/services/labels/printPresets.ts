import { getTemplate, isValidStart } from '@homing/label-layout';
import type { PrintPreset as PrintPresetInput } from '@homing/shared';
import type { Ctx, TrxCtx } from '../../ctx';
import { notFound, validationError } from '../../errors';
import { PrintPreset } from '../../models/PrintPreset';

export const PRESET_NOT_FOUND = 'Preset not found';

/** Every print preset, by name. */
export function printPresetLister(_props: object, { trx }: Ctx) {
  return PrintPreset.query(trx).orderByRaw('lower(name)');
}

/**
 * Saves a preset under its name, replacing the one of the same name (without regard to case).
 * The template must exist and the start lie on its grid.
 */
export async function printPresetSaver(props: PrintPresetInput, { trx }: TrxCtx) {
  const template = getTemplate(props.templateId);
  if (!template) throw validationError('Unknown template');
  if (!isValidStart(template, { column: props.startColumn, row: props.startRow }))
    throw validationError(
      `Start column must be 1-${template.columns} and start row 1-${template.rows} for ${template.name}`,
    );
  const existing = await PrintPreset.query(trx).whereRaw('lower(name) = lower(?)', [props.name]).first();
  if (existing) return existing.$query(trx).patchAndFetch({ ...props });
  return PrintPreset.query(trx).insertAndFetch({ ...props });
}

export async function printPresetRemover({ presetId }: { presetId: string }, { trx }: TrxCtx) {
  // `returning` rather than the row count, which not every driver reports.
  const deleted = await PrintPreset.query(trx).delete().where('id', presetId).returning('id');
  if (deleted.length === 0) throw notFound(PRESET_NOT_FOUND);
}
