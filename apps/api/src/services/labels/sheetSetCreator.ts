import { getTemplate } from '@homing/label-layout';
import type { CreateSetWithCodesRequest } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { validationError } from '../../errors';
import { setCreator } from './setCreator';
import { formatSetDate, nextSeriesNumber } from './setNames';

/** A roll set's size when the admin gives none: as many labels as an Avery 4221 sheet. */
export const ROLL_SET_DEFAULT = 80;

/** A new top-level set of one sheet of codes for the template, named `Set MM-DD-YYYY #n`. */
export async function sheetSetCreator(
  props: CreateSetWithCodesRequest,
  { trx, actor, now = new Date() }: TrxCtx & { now?: Date },
) {
  const template = getTemplate(props.templateId);
  if (!template) throw validationError('Unknown template');
  if (template.medium === 'sheet' && props.count !== undefined)
    throw validationError('A sheet template makes one sheet of labels; the number of labels is for rolls');
  const n = await nextSeriesNumber({ prefix: 'Set', date: now }, { trx });
  const { set, codes } = await setCreator(
    {
      // A roll set is N labels, the admin's choice (a run of the roll); a sheet set one sheet.
      count: template.medium === 'roll' ? (props.count ?? ROLL_SET_DEFAULT) : template.labelsPerSheet,
      templateId: template.id,
      name: `Set ${formatSetDate(now)} #${n}`,
      createdBy: actor.id,
    },
    { trx },
  );
  return {
    set: Object.assign(set, {
      codeCount: codes.length,
      claimedCount: 0,
      assignedCount: 0,
      childCount: 0,
    }),
    codes,
  };
}
