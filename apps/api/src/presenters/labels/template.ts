import { smsLineProblem, type LabelTemplate } from '@homing/label-layout';
import type { PrintTemplate } from '@homing/shared';

/**
 * A template for the print pages; `noSmsLine` says why the instance's number cannot go on it,
 * `qrReadNote` why its QR reads less well than the others'.
 */
export const presentTemplate = (template: LabelTemplate, smsNumber: string | null): PrintTemplate => ({
  id: template.id,
  name: template.name,
  description: template.description,
  labelsPerSheet: template.labelsPerSheet,
  noSmsLine: smsLineProblem(template, smsNumber),
  qrReadNote: template.qrReadNote ?? null,
});
