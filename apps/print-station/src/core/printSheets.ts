import { defaultTemplate, jobSheetCount } from '@homing/label-layout';
import { renderJobSheetsPdf } from '@homing/label-layout/pdf';
import type { PipelineDeps, PrintOutcome, PrintSheetsJob } from './pipelineParts';
import { checkStart, isMarkable, jobTitle, journaledMarking, preparing, templateOf } from './pipelineParts';
import { PrintError, runPrintJob } from './printJob';
import { checkQueueMedia } from './queueMedia';

/** PRODUCT.md, Printing: made-up codes (TEST0001 …) that look like real ones to a scanner but exist nowhere. */
export const testCodeValue = (index: number) => `TEST${String(index + 1).padStart(4, '0')}`;

interface SheetsPlan {
  readonly title: string;
  readonly templateId: string;
  readonly domainName: string;
  readonly sets: { readonly setName: string; readonly codes: readonly { value: string }[] }[];
  /** Sets the job marks once CUPS says completed (decided now, while the server answers). */
  readonly markable: string[];
  /** The sets printed (history). */
  readonly setIds: string[];
}

/**
 * What a sheets job prints, from the server alone: each named set's codes, name and template, and
 * the label domain and brand word of `GET /api/app-config`. The renderer only names the sets.
 */
async function planOf(deps: PipelineDeps, job: PrintSheetsJob): Promise<SheetsPlan> {
  const config = await deps.api.getAppConfig();
  if (job.kind === 'test')
    return {
      title: 'Bulk print test',
      templateId: job.templateId ?? defaultTemplate.id,
      domainName: job.domainName,
      sets: [
        {
          setName: 'Test Print',
          codes: Array.from({ length: job.count }, (_, i) => ({ value: testCodeValue(i) })),
        },
      ],
      markable: [],
      setIds: [],
    };
  const sets = await Promise.all(job.setIds.map((id) => deps.api.getSet(id)));
  const templates = new Set(sets.map((set) => set.templateId));
  if (templates.size > 1)
    throw new PrintError('invalid', 'These sets use different label templates: print them separately');
  const empty = sets.find((set) => set.qrCodes.length === 0);
  if (empty) throw new PrintError('invalid', `Set ${empty.name || empty.id} has no codes to print`);
  return {
    title:
      sets.length === 1 ? `QR labels: ${sets[0].name || 'Unnamed Set'}` : `QR labels: ${sets.length} sets`,
    templateId: sets[0].templateId,
    domainName: config.domainName,
    sets: sets.map((set) => ({ setName: set.name, codes: set.qrCodes.map(({ value }) => ({ value })) })),
    markable: sets.filter(isMarkable).map((set) => set.id),
    setIds: sets.map((set) => set.id),
  };
}

/**
 * The admin screens' print request (PrintPort) on a station printer: sets named by id, printed as
 * the server holds them, each from a new sheet, then marked (the still unprinted top-level ones)
 * once CUPS says the job completed; a test page marks nothing.
 */
export async function printSheets(
  deps: PipelineDeps,
  job: PrintSheetsJob,
  printer: string,
): Promise<PrintOutcome> {
  const now = deps.now ?? (() => new Date());
  const prepared = await preparing(deps, async () => {
    const plan = await planOf(deps, job);
    const template = templateOf(plan.templateId);
    checkStart(template, job.startColumn, job.startRow);
    const [config, calibration] = await Promise.all([deps.api.getAppConfig(), deps.calibration.get(printer)]);
    const labels = plan.sets.reduce((sum, set) => sum + set.codes.length, 0);
    deps.onProgress?.({ stage: 'rendering', message: `Rendering ${labels} labels for ${plan.title}` });
    // Each set starts a new sheet; the chosen start applies to the first (label-layout's jobSets).
    const pdf = await renderJobSheetsPdf({
      sets: plan.sets.map((set) => set.codes.map(({ value }) => ({ value, setName: set.setName }))),
      template,
      startColumn: job.startColumn,
      startRow: job.startRow,
      domainName: plan.domainName,
      brandWord: config.brandWord,
      smsNumber: config.smsNumber,
      calibration,
      title: plan.title,
    });
    const sizes = plan.sets.map((set) => set.codes.length);
    const pages = jobSheetCount(sizes, template, { column: job.startColumn, row: job.startRow });
    await checkQueueMedia(deps.spooler, printer, template);
    return { ...plan, pdf, pages, labels, media: template.media };
  });
  const { setIds, markable } = prepared;
  const title = jobTitle(prepared.title.replace(/^QR labels: /, ''), now());
  const result = await runPrintJob(deps, {
    kind: 'labels',
    printer,
    title,
    setId: setIds.length === 1 ? setIds[0] : null,
    // Where the set's sheet started: the read-back screen's default.
    ...(setIds.length === 1 && { start: { column: job.startColumn, row: job.startRow } }),
    pdf: prepared.pdf,
    media: prepared.media,
    ...journaledMarking(
      deps,
      {
        setIds: markable,
        label: markable.length === 1 ? 'the set' : `${markable.length} sets`,
        printer,
        title,
      },
      'Printed; nothing to mark',
    ),
  });
  return {
    jobId: result.job.id,
    printer,
    title,
    pages: prepared.pages,
    labels: prepared.labels,
    marked: result.marked,
    markPending: result.markPending ?? false,
    note: result.note,
    // A refused mark has thrown: what is left is marked, or pending in the journal.
    mark:
      markable.length === 0
        ? null
        : result.markPending
          ? { status: 'pending', setIds: markable, message: result.note }
          : { status: 'marked', setIds: markable, updatedCount: result.updatedCount ?? 0 },
  };
}
