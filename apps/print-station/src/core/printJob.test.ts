import { describe, expect, it } from 'vitest';
import type { StationSet } from './apiClient';
import type { JobState } from './cupsJobs';
import type { HistoryEntry } from './jobHistory';
import type { PrinterInfo } from './printers';
import type { PipelineDeps } from './printPipeline';
import { isMarkable, jobTitle, printSet } from './printPipeline';
import type { Spooler } from './spooler';

const SET_ID = '6f1c2a5e-1111-4222-8333-944455556666';
const idle: PrinterInfo = { name: 'P', state: 'idle', accepting: true, isDefault: false, message: null };

function world(options: { set?: Partial<StationSet>; printers?: PrinterInfo[]; states?: JobState[] } = {}) {
  const log: string[] = [];
  const history: HistoryEntry[] = [];
  const states = options.states ?? ['processing', 'completed'];
  let poll = 0;
  const set: StationSet = {
    id: SET_ID,
    name: 'Batch 7',
    templateId: 'avery-4221',
    parentSetId: null,
    childCount: 0,
    isPrinted: false,
    isReleased: false,
    createdAt: '2026-11-22T10:00:00.000Z',
    rows: 20,
    columns: 4,
    firstRow: 1,
    printedAt: null,
    releasedAt: null,
    codeCount: 1,
    claimedCount: 0,
    assignedCount: 0,
    qrCodes: [
      {
        id: 'c1',
        value: 'K7M2P9QX4T',
        row: 1,
        column: 1,
        isClaimed: false,
        isAssigned: false,
        setId: SET_ID,
      },
    ],
    ...options.set,
  };
  const spooler: Spooler = {
    kind: 'cups',
    printers: async () => options.printers ?? [idle],
    submit: async (s) => {
      log.push(`submit ${s.printer} ${s.media} ${s.pdf.length > 0}`);
      return { id: 'P-1', number: 1, printer: s.printer, title: s.title };
    },
    status: async () => {
      const state = states[Math.min(poll++, states.length - 1)];
      log.push(`status ${state}`);
      return { state, reasons: [], message: null };
    },
    cancel: async () => void log.push('cancel'),
  };
  const deps: PipelineDeps = {
    api: {
      getSet: async () => set,
      getAppConfig: async () => ({ domainName: 'homing.test', brandWord: 'homing', smsNumber: null }),
      markSetsPrinted: async (ids) => {
        log.push(`mark ${ids.join(',')}`);
        return { updatedCount: ids.length };
      },
    },
    spooler,
    calibration: { get: async (printer) => ({ printer, xMm: 0, yMm: 0, updatedAt: null }) },
    history: { append: async (entry) => void history.push(entry) },
    pollMs: 1,
    timeoutMs: 200,
  };
  return { deps, log, history };
}

describe('printSet (with a scripted spooler)', () => {
  it('marks an unprinted top-level set only after the job completed', async () => {
    const { deps, log, history } = world();
    const outcome = await printSet(deps, { setId: SET_ID, printer: 'P' });
    expect(log).toEqual(['submit P Letter true', 'status processing', 'status completed', `mark ${SET_ID}`]);
    expect(outcome).toMatchObject({ jobId: 'P-1', pages: 1, labels: 1, marked: true });
    expect(history).toMatchObject([{ outcome: 'completed', marked: true, jobId: 'P-1', setId: SET_ID }]);
  });

  it.each([
    ['a printed set', { isPrinted: true }, 'Reprint of a printed set: nothing marked'],
    [
      'a released child',
      { isPrinted: true, isReleased: true, parentSetId: SET_ID },
      'Reprint of a released set: nothing marked',
    ],
    ['a split parent', { isPrinted: true, childCount: 2 }, 'Reprint of a printed set: nothing marked'],
  ])('reprints %s and marks nothing', async (_name, set, note) => {
    const { deps, log } = world({ set });
    expect(await printSet(deps, { setId: SET_ID, printer: 'P' })).toMatchObject({ marked: false, note });
    expect(log.some((line) => line.startsWith('mark'))).toBe(false);
  });

  it.each([
    ['canceled', /^Job P-1 was cancelled; the set was not marked printed$/],
    ['aborted', /^Job P-1 was aborted by CUPS; the set was not marked printed$/],
    ['ended', /^Job P-1 ended without confirming it printed; the set was not marked printed$/],
  ] as const)('does not mark when the job is %s', async (state, message) => {
    const { deps, log, history } = world({ states: ['pending', state] });
    await expect(printSet(deps, { setId: SET_ID, printer: 'P' })).rejects.toThrow(message);
    expect(log.some((line) => line.startsWith('mark'))).toBe(false);
    expect(history[0]).toMatchObject({ outcome: state === 'ended' ? 'unconfirmed' : state, marked: false });
  });

  it('submits nothing to a stopped or missing printer', async () => {
    const stopped = world({ printers: [{ ...idle, state: 'stopped', message: 'Paused' }] });
    await expect(printSet(stopped.deps, { setId: SET_ID, printer: 'P' })).rejects.toThrow(
      'Printer P is stopped (Paused)',
    );
    expect(stopped.log).toEqual([]);
    expect(stopped.history[0]).toMatchObject({ outcome: 'refused', jobId: null });
    const missing = world({ printers: [] });
    await expect(printSet(missing.deps, { setId: SET_ID, printer: 'P' })).rejects.toThrow(
      'Printer P was not found',
    );
  });

  it('says so, and submits nothing, when CUPS cannot be asked', async () => {
    const { deps, log, history } = world();
    deps.spooler.printers = async () => {
      throw new Error('CUPS is not running (lpstat: Scheduler is not running.)');
    };
    await expect(printSet(deps, { setId: SET_ID, printer: 'P' })).rejects.toMatchObject({
      reason: 'spooler',
      message: 'CUPS is not running (lpstat: Scheduler is not running.)',
    });
    expect(log).toEqual([]);
    expect(history[0]).toMatchObject({ outcome: 'refused', marked: false });
  });

  it('cancels a job that outlives the timeout', async () => {
    const { deps, log } = world({ states: ['pending'] });
    await expect(printSet({ ...deps, timeoutMs: 20 }, { setId: SET_ID, printer: 'P' })).rejects.toThrow(
      /did not finish within 0 s \(last state pending\); cancelled it, and nothing was marked printed/,
    );
    expect(log.at(-1)).toBe('cancel');
  });

  it('refuses a start outside the template before rendering', async () => {
    const { deps, log } = world();
    await expect(printSet(deps, { setId: SET_ID, printer: 'P', startColumn: 9 })).rejects.toThrow(
      'Start column must be 1-8 and start row 1-10 for 3/4" Round',
    );
    expect(log).toEqual([]);
  });

  it('says so when the job completed but marking failed', async () => {
    const { deps, history } = world();
    deps.api.markSetsPrinted = async () => {
      throw new Error('A set that has been split cannot be printed again');
    };
    await expect(printSet(deps, { setId: SET_ID, printer: 'P' })).rejects.toThrow(
      'Job P-1 completed, but marking set Batch 7 printed failed: A set that has been split cannot be printed again',
    );
    expect(history[0]).toMatchObject({ outcome: 'completed', marked: false });
  });

  it('hands the rendered PDF over before submitting it', async () => {
    const { deps, log } = world();
    let size = 0;
    await printSet(deps, {
      setId: SET_ID,
      printer: 'P',
      onRendered: (pdf) => {
        size = pdf.length;
        log.push('rendered');
      },
    });
    expect(size).toBeGreaterThan(1000);
    expect(log[0]).toBe('rendered');
  });
});

describe('helpers', () => {
  it('makes file-name-safe queue titles', () => {
    const title = jobTitle('Set 11/22/2026 #1 (Ünïcode)', new Date('2026-11-22T10:15:00.123Z'), () => 0.5);
    expect(title).toBe('homing-set-11-22-2026-1-n-code-20261122t101500-i000');
    expect(jobTitle('', new Date('2026-11-22T10:15:00Z'), () => 0)).toBe(
      'homing-labels-20261122t101500-0000',
    );
  });

  it('marks only unprinted top-level sets without children (PRODUCT.md, States)', () => {
    expect(isMarkable({ parentSetId: null, childCount: 0, isPrinted: false })).toBe(true);
    expect(isMarkable({ parentSetId: null, childCount: 0, isPrinted: true })).toBe(false);
    expect(isMarkable({ parentSetId: 'p', childCount: 0, isPrinted: false })).toBe(false);
    expect(isMarkable({ parentSetId: null, childCount: 3, isPrinted: false })).toBe(false);
  });
});
