import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { readTextIfExists } from './jsonFile';
import type { HistoryEntry } from '../shared/types';
import { historyEntrySchema } from '../shared/types';

export type { HistoryEntry, JobOutcome } from '../shared/types';
export { historyEntrySchema, jobOutcomes } from '../shared/types';

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
