/**
 * The read-back's queue of labels to print again (`reprint-queue.jsonl`) and the two steps around
 * it, shared by the CLI (`read-back`, `reprint`) and Electron's main (the Read back screen): read a
 * sheet of a set the server describes and queue its failed codes; print the queue, each entry
 * exactly its codes (main's `printSet` refuses a code that is not the set's), removing only what
 * printed. No Node here: the browser twin keeps the same queue in the page's storage.
 */
import { getTemplate } from '@homing/label-layout';
import type { PrintOutcome, ReadBackResult, ReprintEntry, ReprintResult } from '../shared/types';
import { reprintEntrySchema } from '../shared/types';
import type { StationApi } from './apiClient';
import type { ReadBackReport } from './readBack';
import type { SheetInput } from './scanDecode';
import { startProblem } from './setRules';

export type { ReadBackResult, ReprintEntry, ReprintResult } from '../shared/types';

/** Where the queue's lines are kept: a file for the station, the page's storage for the twin. */
export interface TextStore {
  read(): Promise<string | null>;
  write(text: string): Promise<void>;
}

export class ReprintQueue {
  constructor(private readonly store: TextStore) {}

  /** Oldest first; a torn or foreign line is skipped. */
  async list(): Promise<ReprintEntry[]> {
    const text = (await this.store.read()) ?? '';
    return text.split('\n').flatMap((line) => {
      if (!line.trim()) return [];
      try {
        const parsed = reprintEntrySchema.safeParse(JSON.parse(line));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }

  private async write(entries: readonly ReprintEntry[]): Promise<void> {
    await this.store.write(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
  }

  /**
   * Queues a read-back's failures. A later read of the same set replaces its earlier entry, so
   * reading a sheet twice does not print its failed labels twice.
   */
  async put(entry: ReprintEntry): Promise<void> {
    const entries = await this.list();
    await this.write([...entries.filter((queued) => queued.setId !== entry.setId), entry]);
  }

  /**
   * Prints the queue in order with `print`; each entry printed leaves the queue at once, the first
   * that fails stops the run and stays, with everything after it.
   */
  async printAll(
    print: (input: {
      setId: string;
      codes: readonly string[];
      startColumn: number;
      startRow: number;
    }) => Promise<PrintOutcome>,
    onPrinted?: (entry: ReprintEntry, outcome: PrintOutcome) => void,
  ): Promise<ReprintResult> {
    const entries = await this.list();
    const printed: { entry: ReprintEntry; outcome: PrintOutcome }[] = [];
    for (const [index, entry] of entries.entries()) {
      let outcome: PrintOutcome;
      try {
        outcome = await print({
          setId: entry.setId,
          codes: entry.codes,
          startColumn: entry.startColumn,
          startRow: entry.startRow,
        });
      } catch (error) {
        return {
          printed,
          error: error instanceof Error ? error.message : String(error),
          queue: entries.slice(index),
        };
      }
      await this.write(entries.slice(index + 1));
      printed.push({ entry, outcome });
      onPrinted?.(entry, outcome);
    }
    return { printed, error: null, queue: [] };
  }
}

/** Whether the read-back can read a set of this template: sheets only (a roll has no page to photograph). */
export const readableTemplate = (templateId: string): boolean => getTemplate(templateId)?.medium === 'sheet';

/**
 * Reads a sheet of the set (any of its sheets: the picture says which): its codes, template and
 * the label domain come from the server (never from the caller), `read` decodes the picture (a
 * file for the CLI, pixels for the window). The codes that failed are queued for reprint.
 */
export async function readBackSet(
  api: StationApi,
  queue: ReprintQueue,
  input: { setId: string; startColumn: number; startRow: number },
  read: (sheet: SheetInput) => Promise<ReadBackReport>,
): Promise<ReadBackResult> {
  const [set, config] = await Promise.all([api.getSet(input.setId), api.getAppConfig()]);
  const template = getTemplate(set.templateId);
  if (!template) throw new Error(`Unknown label template ${set.templateId}`);
  if (!readableTemplate(template.id))
    throw new Error(`Read-back reads sheets of labels; ${template.name} is a roll`);
  if (set.qrCodes.length === 0) throw new Error('This set has no codes');
  const problem = startProblem(template, input.startColumn, input.startRow);
  if (problem) throw new Error(problem);
  const report = await read({
    template,
    domainName: config.domainName,
    codes: set.qrCodes.map((code) => code.value),
    startColumn: input.startColumn,
    startRow: input.startRow,
  });
  let queued: ReprintEntry | null = null;
  if (report.reprint.length > 0) {
    queued = {
      time: new Date().toISOString(),
      setId: set.id,
      setName: set.name,
      codes: [...report.reprint],
      startColumn: report.reprintStart.column,
      startRow: report.reprintStart.row,
    };
    await queue.put(queued);
  }
  return {
    set: {
      id: set.id,
      name: set.name,
      labels:
        report.read.length + report.unreadable.length + report.missing.length + report.duplicated.length,
    },
    report,
    queued,
  };
}
