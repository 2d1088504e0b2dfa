import { getTemplate, isValidStart } from '@homing/label-layout';
import { renderJobSheetsPdf } from '@homing/label-layout/pdf';
import type { Ctx } from '../../ctx';
import { conflict, validationError } from '../../errors';
import { setLoader } from './setLoader';

export interface SetLabelsPdfProps {
  setIds: readonly string[];
  startCol: number;
  startRow: number;
  /** The sheet to print on; the first set's template when absent. */
  templateId?: string;
  domainName: string;
  brandWord: string;
  /** The number finders text (SMS_PUBLIC_NUMBER), under the address or beside the symbol; null: none. */
  smsNumber: string | null;
}

/**
 * The exact-size label sheets of one or more sets, each set starting on a new sheet (so page n
 * of a bulk batch is its set n) and each label carrying its set's name. The start column and row
 * apply to the first sheet only. Codes print in grid order, the order they were laid out in.
 */
export async function setLabelsPdf(props: SetLabelsPdfProps, { trx }: Pick<Ctx, 'trx'>) {
  const loaded = [];
  for (const setId of props.setIds) loaded.push(await setLoader({ setId }, { trx }));
  const first = loaded[0]!.set;
  const template = getTemplate(props.templateId ?? first.templateId);
  if (!template) throw validationError('Unknown template');
  const start = { column: props.startCol, row: props.startRow };
  if (!isValidStart(template, start))
    throw validationError(
      `Start column must be 1-${template.columns} and start row 1-${template.rows} for ${template.name}`,
    );
  if (loaded.some(({ codes }) => codes.length === 0))
    throw conflict('empty_set', 'This set has no codes to print');

  const bytes = await renderJobSheetsPdf({
    sets: loaded.map(({ set, codes }) => codes.map((c) => ({ value: c.value, setName: set.name }))),
    template,
    startColumn: start.column,
    startRow: start.row,
    domainName: props.domainName,
    brandWord: props.brandWord,
    smsNumber: props.smsNumber,
    title: `QR labels: ${first.name || 'Unnamed Set'}`,
  });
  const name = loaded.length === 1 ? first.name || first.id : `${first.name} and more`;
  return { bytes, filename: pdfFilename(props.brandWord, name) };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/** `homing-labels-batch-11-22-2026-3-page-1.pdf`: safe in any header and file system. */
export function pdfFilename(brandWord: string, name: string): string {
  return [slug(brandWord) || 'qr', 'labels', slug(name)].filter(Boolean).join('-') + '.pdf';
}
