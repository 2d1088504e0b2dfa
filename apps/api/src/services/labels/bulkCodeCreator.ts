import { defaultTemplate, getTemplate, setGrid, sheetTemplates } from '@homing/label-layout';
import { MAX_BULK_CODES, MAX_CODES_PER_PAGE, type BulkCreateCodesRequest } from '@homing/shared';
import type { TrxCtx } from '../../ctx';
import { validationError } from '../../errors';
import type { QrCodeSet } from '../../models/QrCodeSet';
import { codeInserter, type CodeSlot } from './codeInserter';
import { formatSetDate, nextSeriesNumber } from './setNames';

/**
 * The template named by `templateId`; without one (the spec's payload), the sheet whose size
 * matches `codesPerPage`, else the default sheet. Never a roll by size: a roll's one label per
 * page would otherwise catch every `codesPerPage: 1`.
 */
function templateFor({ codesPerPage, templateId }: BulkCreateCodesRequest) {
  if (templateId === undefined)
    return sheetTemplates.find((t) => t.labelsPerSheet === codesPerPage) ?? defaultTemplate;
  const template = getTemplate(templateId);
  if (!template) throw validationError('Unknown template');
  if (template.medium === 'sheet' && codesPerPage > template.labelsPerSheet)
    throw validationError(`codesPerPage must be between 1 and ${template.labelsPerSheet}`);
  return template;
}

/**
 * `count` new codes, one new top-level set per printed page (`codesPerPage` each, the last page
 * fewer), named `Batch MM-DD-YYYY #n, page p`. One transaction and four statements whatever the
 * count: the day's batch number, all sets, all codes (plus a rare top-up round on a collision).
 */
export async function bulkCodeCreator(
  props: BulkCreateCodesRequest,
  { trx, actor, now = new Date() }: TrxCtx & { now?: Date },
) {
  const { count, codesPerPage } = props;
  if (count < 1 || count > MAX_BULK_CODES)
    throw validationError(`count must be between 1 and ${MAX_BULK_CODES}`);
  if (codesPerPage < 1 || codesPerPage > MAX_CODES_PER_PAGE)
    throw validationError(`codesPerPage must be between 1 and ${MAX_CODES_PER_PAGE}`);

  const template = templateFor(props);
  const batch = await nextSeriesNumber({ prefix: 'Batch', date: now, suffix: ', page 1' }, { trx });
  const pageSizes = Array.from({ length: Math.ceil(count / codesPerPage) }, (_, page) =>
    Math.min(codesPerPage, count - page * codesPerPage),
  );
  const head = `Batch ${formatSetDate(now)} #${batch}`;
  const setRows = pageSizes.map((size, page) => ({
    name: `${head}, page ${page + 1}`,
    templateId: template.id,
    ...setGrid(size),
    createdBy: actor.id,
  }));
  const inserted = (await trx('qr_code_sets').insert(setRows).returning('*')) as QrCodeSet[];
  // RETURNING's order is not promised; the page names are unique within the batch.
  const byName = new Map(inserted.map((set) => [set.name, set]));
  const sets = setRows.map((row) => byName.get(row.name)!);

  const slots: CodeSlot[] = sets.flatMap((set, page) =>
    Array.from({ length: pageSizes[page]! }, (_, i) => ({
      setId: set.id,
      gridRow: Math.floor(i / set.columns),
      gridColumn: i % set.columns,
    })),
  );
  const codes = await codeInserter({ slots }, { trx });
  return { sets, codes };
}
