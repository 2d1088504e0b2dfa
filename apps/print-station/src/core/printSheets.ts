import { jobSheetCount } from '@homing/label-layout';
import { renderJobSheetsPdf } from '@homing/label-layout/pdf';
import type { PipelineDeps, PrintOutcome, PrintSheetsJob } from './pipelineParts';
import {
  checkStart,
  isMarkable,
  jobTitle,
  markAfterCompletion,
  preparing,
  templateOf,
} from './pipelineParts';
import { runPrintJob } from './printJob';
import { checkQueueMedia } from './queueMedia';

/**
 * The admin screens' print request (PrintPort) on a station printer. After completion it marks
 * the job's sets that are still unprinted top-level sets; test prints (`confirmPages: false`, no
 * set ids) mark nothing. QR placeholders are printed as real symbols: the PDF renderer has no
 * placeholder mode, and a real symbol checks alignment just as well.
 */
export async function printSheets(
  deps: PipelineDeps,
  job: PrintSheetsJob,
  printer: string,
): Promise<PrintOutcome> {
  const now = deps.now ?? (() => new Date());
  const prepared = await preparing(deps, async () => {
    const template = templateOf(job.templateId);
    checkStart(template, job.startColumn, job.startRow);
    const calibration = await deps.calibration.get(printer);
    const labels = job.sets.reduce((sum, set) => sum + set.codes.length, 0);
    deps.onProgress?.({ stage: 'rendering', message: `Rendering ${labels} labels for ${job.title}` });
    // Each set starts a new sheet; the chosen start applies to the first (label-layout's jobSets).
    const pdf = await renderJobSheetsPdf({
      sets: job.sets.map((set) => set.codes.map(({ value }) => ({ value, setName: set.setName }))),
      template,
      startColumn: job.startColumn,
      startRow: job.startRow,
      domainName: job.domainName,
      brandWord: job.brandWord,
      calibration,
      title: job.title,
    });
    const sizes = job.sets.map((set) => set.codes.length);
    const pages = jobSheetCount(sizes, template, { column: job.startColumn, row: job.startRow });
    // Which sets this job will mark is decided now, while the server answers: after completion
    // the mark must not depend on another read (it is journaled and retried as it is).
    const setIds = job.confirmPages ? job.sets.flatMap((set) => (set.setId ? [set.setId] : [])) : [];
    const sets = await Promise.all(setIds.map((id) => deps.api.getSet(id)));
    const markable = sets.filter(isMarkable).map((set) => set.id);
    await checkQueueMedia(deps.spooler, printer, template);
    return { pdf, pages, labels, setIds, markable, media: template.media };
  });
  const { setIds, markable } = prepared;
  const title = jobTitle(job.title, now());
  const result = await runPrintJob(deps, {
    kind: 'labels',
    printer,
    title,
    setId: setIds.length === 1 ? setIds[0] : null,
    pdf: prepared.pdf,
    media: prepared.media,
    afterCompleted: async (submitted) => {
      if (markable.length === 0) return { marked: false, note: 'Printed; nothing to mark' };
      return markAfterCompletion(
        deps,
        markable,
        markable.length === 1 ? 'the set' : `${markable.length} sets`,
        submitted,
      );
    },
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
