import type { PrintPreset } from '../../models/PrintPreset';

export const presentPrintPreset = (preset: PrintPreset) => ({
  id: preset.id,
  name: preset.name,
  templateId: preset.templateId,
  printer: preset.printer,
  startColumn: preset.startColumn,
  startRow: preset.startRow,
  copies: preset.copies,
});
