import type { LabelTemplate } from '@homing/label-layout';
import type { PrintTemplate } from '@homing/shared';

export const presentTemplate = (template: LabelTemplate): PrintTemplate => ({
  id: template.id,
  name: template.name,
  description: template.description,
  labelsPerSheet: template.labelsPerSheet,
  noSmsLine: template.noSmsLine ?? null,
});
