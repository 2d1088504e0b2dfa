import { defaultTemplate, pageCount } from '@homing/label-layout';
import { renderLabelSheetsPdf } from '@homing/label-layout/pdf';
import { calibrationSheetFor } from './calibration';
import type { PipelineDeps, PrintOutcome, PrintSetInput } from './pipelineParts';
import {
  isMarkable,
  jobTitle,
  journaledMarking,
  preparing,
  checkStart,
  signedMm,
  templateOf,
  whyNotMarked,
} from './pipelineParts';
import type { JobDeps } from './printJob';
import { PrintError, runPrintJob } from './printJob';
import { checkQueueMedia } from './queueMedia';

export type { PipelineDeps, PrintOutcome, PrintSetInput, PrintSheetsJob } from './pipelineParts';
export { isMarkable, jobTitle } from './pipelineParts';
export { printSheets } from './printSheets';

/**
 * Prints one set: loads its codes, renders the exact-size sheets with the printer's calibration,
 * prints silently, waits for CUPS to report completion, and only then marks the set printed (when
 * it is an unprinted top-level set; reprints mark nothing).
 */
export async function printSet(deps: PipelineDeps, input: PrintSetInput): Promise<PrintOutcome> {
  const now = deps.now ?? (() => new Date());
  const startColumn = input.startColumn ?? 1;
  const startRow = input.startRow ?? 1;
  const copies = input.copies ?? 1;
  const prepared = await preparing(deps, async () => {
    deps.onProgress?.({ stage: 'loading', setId: input.setId, message: `Loading set ${input.setId}` });
    const set = await deps.api.getSet(input.setId);
    if (set.qrCodes.length === 0) throw new PrintError('invalid', 'This set has no codes to print');
    const template = templateOf(set.templateId);
    if (input.templateId && input.templateId !== set.templateId)
      throw new PrintError(
        'invalid',
        `This set is for ${template.name} labels; the preset is for ${templateOf(input.templateId).name}`,
      );
    checkStart(template, startColumn, startRow);
    const [config, calibration] = await Promise.all([
      deps.api.getAppConfig(),
      deps.calibration.get(input.printer),
    ]);
    const ofSet = new Set(set.qrCodes.map((code) => code.value));
    const stray = input.codes?.find((value) => !ofSet.has(value));
    if (stray !== undefined)
      throw new PrintError('invalid', `The code ${stray} is not one of this set's codes`);
    if (input.codes?.length === 0) throw new PrintError('invalid', 'There are no codes to reprint');
    const codes = (input.codes ?? set.qrCodes.map((code) => code.value)).map((value) => ({
      value,
      setName: set.name,
    }));
    const pages = pageCount(codes.length, template, { column: startColumn, row: startRow });
    deps.onProgress?.({
      stage: 'rendering',
      setId: set.id,
      message:
        `Rendering ${codes.length} labels on ${pages} ${pages === 1 ? 'sheet' : 'sheets'} (${template.name}, ` +
        `start column ${startColumn}, row ${startRow}; offset x ${signedMm(calibration.xMm)}, y ${signedMm(calibration.yMm)})` +
        (copies > 1 ? `, ${copies} copies` : ''),
    });
    const pdf = await renderLabelSheetsPdf({
      codes,
      template,
      startColumn,
      startRow,
      domainName: config.domainName,
      brandWord: config.brandWord,
      smsNumber: config.smsNumber,
      calibration,
      title: `QR labels: ${set.name || 'Unnamed Set'}`,
    });
    await input.onRendered?.(pdf);
    await checkQueueMedia(deps.spooler, input.printer, template);
    return { set, pdf, pages, labels: codes.length, media: template.media };
  });

  const { set } = prepared;
  const title = jobTitle(set.name || 'set', now());
  const label = `set ${set.name || set.id}`;
  const result = await runPrintJob(deps, {
    kind: 'labels',
    printer: input.printer,
    title,
    setId: set.id,
    ...(!input.codes && { start: { column: startColumn, row: startRow } }),
    pdf: prepared.pdf,
    media: prepared.media,
    copies,
    ...journaledMarking(
      deps,
      {
        setIds: isMarkable(set) && !input.codes ? [set.id] : [],
        label,
        printer: input.printer,
        title,
      },
      input.codes ? 'A reprint of failed labels: nothing marked' : whyNotMarked(set),
    ),
  });
  return {
    jobId: result.job.id,
    printer: input.printer,
    title,
    pages: prepared.pages,
    labels: prepared.labels,
    marked: result.marked,
    markPending: result.markPending ?? false,
    note: result.note,
  };
}

/** A calibration sheet with the printer's current offsets; marks nothing. */
export async function printCalibrationSheet(
  deps: JobDeps & Pick<PipelineDeps, 'calibration'>,
  input: { printer: string; templateId?: string },
): Promise<PrintOutcome> {
  const now = deps.now ?? (() => new Date());
  const template = input.templateId ? templateOf(input.templateId) : defaultTemplate;
  const { pdf, calibration } = await calibrationSheetFor(deps.calibration, input.printer, template);
  deps.onProgress?.({
    stage: 'rendering',
    message: `Rendering a calibration sheet (offset x ${signedMm(calibration.xMm)}, y ${signedMm(calibration.yMm)})`,
  });
  const title = jobTitle(`calibration ${input.printer}`, now());
  const result = await runPrintJob(deps, {
    kind: 'calibration',
    printer: input.printer,
    title,
    setId: null,
    pdf,
  });
  return {
    jobId: result.job.id,
    printer: input.printer,
    title,
    pages: 1,
    labels: 0,
    marked: false,
    markPending: false,
    note: result.note,
  };
}
