import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { readTextIfExists } from './jsonFile';

export const jobOutcomes = [
  'completed',
  'canceled',
  'aborted',
  'timeout',
  'unconfirmed',
  'refused',
  'failed',
] as const;
export type JobOutcome = (typeof jobOutcomes)[number];

export const historyEntrySchema = z.object({
  time: z.string(),
  kind: z.enum(['labels', 'calibration']),
  /** The set printed; null for calibration sheets and test prints. */
  setId: z.string().nullable(),
  title: z.string(),
  printer: z.string(),
  /** CUPS' job id (`HomingPDF-12`); null when nothing was submitted. */
  jobId: z.string().nullable(),
  outcome: z.enum(jobOutcomes),
  /** Whether this job marked sets printed in the API. */
  marked: z.boolean(),
  message: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/**
 * One JSON object a line, appended: a crash can at worst leave a torn last line, which reading
 * skips, and nothing before it is ever rewritten.
 */
export class JobHistory {
  constructor(private readonly path: string) {}

  async append(entry: HistoryEntry): Promise<void> {
    const line = `${JSON.stringify(historyEntrySchema.parse(entry))}\n`;
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    await appendFile(this.path, line);
  }

  /** Newest first. */
  async list(limit = 100): Promise<HistoryEntry[]> {
    const text = await readTextIfExists(this.path);
    if (!text) return [];
    const entries: HistoryEntry[] = [];
    const lines = text.split('\n');
    for (let i = lines.length - 1; i >= 0 && entries.length < limit; i--) {
      if (!lines[i].trim()) continue;
      try {
        const parsed = historyEntrySchema.safeParse(JSON.parse(lines[i]));
        if (parsed.success) entries.push(parsed.data);
      } catch {
        // a torn or foreign line: skip it, keep the rest
      }
    }
    return entries;
  }
}
