import { getTemplate } from '@homing/label-layout';
import type { CreateSetWithCodesRequest } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { validationError } from '../../errors';
import { setCreator } from './setCreator';
import { formatSetDate, nextSeriesNumber } from './setNames';

/** A new top-level set of one sheet of codes for the template, named `Set MM-DD-YYYY #n`. */
export async function sheetSetCreator(
  props: CreateSetWithCodesRequest,
  { trx, actor, now = new Date() }: TrxCtx & { now?: Date },
) {
  const template = getTemplate(props.templateId);
  if (!template) throw validationError('Unknown template');
  const n = await nextSeriesNumber({ prefix: 'Set', date: now }, { trx });
  const { set, codes } = await setCreator(
    {
      count: template.labelsPerSheet,
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
