/**
 * The print pipeline against the real CUPS queue (.ci/cups-setup: HomingPDF, backed by cups-pdf)
 * and the real API. What CUPS wrote is rasterised and scanned, as a phone would read the labels.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelJob,
  cupsSkipNote,
  hasCupsQueue,
  ippJobState,
  QUEUE,
  restartQueue,
  stopQueue,
  waitForOutput,
} from '../testing/cups';
import { holdingSpooler } from '../testing/holdingSpooler';
import { hasPdftoppm, scanSheets } from '../testing/labelScan';
import type { StationServer } from '../testing/stationServer';
import { DOMAIN, startStationServer } from '../testing/stationServer';
import { CalibrationStore } from './calibration';
import { JobHistory } from './jobHistory';
import type { ProgressEvent } from './printJob';
import { PrintError } from './printJob';
import type { PipelineDeps } from './printPipeline';
import { printCalibrationSheet, printSet } from './printPipeline';
import type { Spooler } from './spooler';
import { CupsSpooler } from './spooler';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';

// Skips on a machine without them; under CI=true a missing queue or pdftoppm fails instead.
const skip =
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
  skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils');
const note =
  cupsSkipNote || (hasPdftoppm ? '' : ' (SKIPPED: pdftoppm not found; apt-get install poppler-utils)');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skip)(`print pipeline on the CUPS queue ${QUEUE}${note}`, () => {
  let t: StationServer;
  let home: string;
  let calibration: CalibrationStore;
  let history: JobHistory;
  const events: ProgressEvent[] = [];

  const deps = (overrides: Partial<PipelineDeps> = {}): PipelineDeps => ({
    api: t.api,
    spooler: new CupsSpooler(),
    calibration,
    history,
    onProgress: (event) => events.push(event),
    pollMs: 100,
    timeoutMs: 30_000,
    ...overrides,
  });

  beforeAll(async () => {
    restartQueue();
    t = await startStationServer();
    home = mkdtempSync(join(tmpdir(), 'station-pipeline-'));
    calibration = new CalibrationStore(join(home, 'calibration.json'));
    history = new JobHistory(join(home, 'history.jsonl'));
  });
  afterEach(() => {
    restartQueue();
    events.length = 0;
  });
  afterAll(async () => {
    restartQueue();
    await t?.server.close();
    rmSync(home, { recursive: true, force: true });
  });

  async function printAndScan(setId: string, options: { startColumn?: number; startRow?: number } = {}) {
    const outcome = await printSet(deps(), { setId, printer: QUEUE, ...options });
    const pdf = await waitForOutput(outcome.title);
    const set = await t.getSet(setId);
    const values = set.qrCodes.map((code) => code.value);
    const start = { column: options.startColumn ?? 1, row: options.startRow ?? 1 };
    const offset = await calibration.get(QUEUE);
    return { outcome, set, scan: await scanSheets(pdf, values, DOMAIN, start, offset) };
  }

  it('prints all 80 codes: CUPS writes 612 × 792 pt and every code reads back at its label within 0.5 mm', async () => {
    const { id } = await t.printedSet();
    const { outcome, scan } = await printAndScan(id);
    expect(scan.pageSizes).toEqual([[612, 792]]);
    expect(scan.missing).toEqual([]);
    expect(scan.unexpected).toEqual([]);
    expect(scan.read).toHaveLength(80);
    expect(scan.maxErrorMm).toBeLessThanOrEqual(0.5);
    console.info(`80-code sheet: ${scan.read.length}/80 decoded, max error ${scan.maxErrorMm.toFixed(4)} mm`);
    // A reprint: allowed, marks nothing.
    expect(outcome).toMatchObject({ marked: false, note: 'Reprint of a printed set: nothing marked' });
  });

  it('prints a released child set (40 codes), every code at its label, and marks nothing', async () => {
    const child = await t.releasedChild();
    const { outcome, set, scan } = await printAndScan(child.id);
    expect(scan.pageSizes).toEqual([[612, 792]]);
    expect(scan.read).toHaveLength(40);
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    expect(scan.maxErrorMm).toBeLessThanOrEqual(0.5);
    expect(outcome.marked).toBe(false);
    expect(set).toMatchObject({ isPrinted: true, isReleased: true });
  });

  it('starts at column 3, row 4: the first code sits there, the rest follow onto a second sheet', async () => {
    const { id } = await t.printedSet();
    const { scan, set } = await printAndScan(id, { startColumn: 3, startRow: 4 });
    expect(scan.pageSizes).toEqual([
      [612, 792],
      [612, 792],
    ]);
    expect(scan.read).toHaveLength(80);
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    const first = scan.read.find((label) => label.value === set.qrCodes[0].value);
    expect(first).toMatchObject({ pageIndex: 0, column: 2, row: 3 });
    expect(Math.hypot(first!.dxMm, first!.dyMm)).toBeLessThanOrEqual(0.5);
    expect(scan.read.filter((label) => label.pageIndex === 0)).toHaveLength(80 - 26);
    expect(scan.maxErrorMm).toBeLessThanOrEqual(0.5);
    console.info(
      `start column 3, row 4: ${scan.read.length}/80 decoded, max error ${scan.maxErrorMm.toFixed(4)} mm`,
    );
  });

  it('marks the set printed only after CUPS reports the job completed', async () => {
    const { id } = await t.unprintedSet();
    const seen: { state: string | null; isPrinted: boolean }[] = [];
    let watching: Promise<void> = Promise.resolve();
    // While the queue holds the job, the set must stay unprinted; then the queue is started.
    const spooler = holdingSpooler((job) => {
      watching = (async () => {
        for (let i = 0; i < 3; i++) {
          seen.push({ state: ippJobState(job.number), isPrinted: (await t.getSet(id)).isPrinted });
          await sleep(500);
        }
        restartQueue();
      })();
    });
    let atMarking: { state: string | null; isPrinted: boolean } | null = null;
    const api = {
      ...t.api,
      markSetsPrinted: async (setIds: readonly string[]) => {
        const jobNumber = Number(
          events
            .find((e) => e.stage === 'submitted')!
            .jobId!.split('-')
            .at(-1),
        );
        atMarking = { state: ippJobState(jobNumber), isPrinted: (await t.getSet(id)).isPrinted };
        return t.api.markSetsPrinted(setIds);
      },
    };
    const outcome = await printSet(deps({ api, spooler }), { setId: id, printer: QUEUE });
    await watching;

    expect(seen).toEqual([
      { state: 'pending', isPrinted: false },
      { state: 'pending', isPrinted: false },
      { state: 'pending', isPrinted: false },
    ]);
    expect(atMarking).toEqual({ state: 'completed', isPrinted: false });
    expect((await t.getSet(id)).isPrinted).toBe(true);
    expect(outcome.marked).toBe(true);
    expect(events.map((e) => e.stage)).toEqual(
      expect.arrayContaining(['submitted', 'waiting', 'completed', 'marked']),
    );
    expect(events.findIndex((e) => e.stage === 'marked')).toBeGreaterThan(
      events.findIndex((e) => e.stage === 'completed'),
    );
    expect((await history.list(1))[0]).toMatchObject({
      setId: id,
      outcome: 'completed',
      marked: true,
      jobId: outcome.jobId,
    });
  });

  it('refuses a stopped queue before submitting anything; the set stays unprinted', async () => {
    const { id } = await t.unprintedSet();
    stopQueue();
    const printing = printSet(deps(), { setId: id, printer: QUEUE });
    await expect(printing).rejects.toThrow(new RegExp(`^Printer ${QUEUE} is stopped`));
    await expect(printing).rejects.toMatchObject({ reason: 'printer', jobId: null });
    expect(events.some((e) => e.stage === 'submitted')).toBe(false);
    expect((await t.getSet(id)).isPrinted).toBe(false);
    expect((await history.list(1))[0]).toMatchObject({
      setId: id,
      outcome: 'refused',
      jobId: null,
      marked: false,
    });
  });

  it('refuses a printer CUPS does not have', async () => {
    const { id } = await t.unprintedSet();
    await expect(printSet(deps(), { setId: id, printer: 'NoSuchPrinter' })).rejects.toThrow(
      'Printer NoSuchPrinter was not found',
    );
    expect((await t.getSet(id)).isPrinted).toBe(false);
  });

  it('refuses a reprint naming a code that is not one of the set’s: nothing printed, nothing marked', async () => {
    const { id } = await t.unprintedSet();
    const set = await t.getSet(id);
    const before = (await history.list(1))[0];
    await expect(
      printSet(deps(), { setId: id, printer: QUEUE, codes: [set.qrCodes[0].value, 'MADEUPCODE'] }),
    ).rejects.toThrow("The code MADEUPCODE is not one of this set's codes");
    expect((await history.list(1))[0]).toEqual(before);
    expect((await t.getSet(id)).isPrinted).toBe(false);
  });

  it('leaves the set unprinted when the job is cancelled, and says so', async () => {
    const { id } = await t.unprintedSet();
    const spooler = holdingSpooler((job) => cancelJob(job.id));
    const error: PrintError = await printSet(deps({ spooler }), { setId: id, printer: QUEUE }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(PrintError);
    expect(error.reason).toBe('canceled');
    expect(error.message).toMatch(/^Job HomingPDF-\d+ was cancelled.*; the set was not marked printed$/);
    expect((await t.getSet(id)).isPrinted).toBe(false);
    expect((await history.list(1))[0]).toMatchObject({
      outcome: 'canceled',
      marked: false,
      jobId: error.jobId,
    });
  });

  // The queue is stopped under the job (holdingSpooler): it is reported stopped, not pending.
  it('gives up on a job that never finishes, cancels it, and marks nothing', async () => {
    const { id } = await t.unprintedSet();
    let jobNumber = 0;
    const spooler: Spooler = holdingSpooler((job) => (jobNumber = job.number));
    const error: PrintError = await printSet(deps({ spooler, timeoutMs: 1500 }), {
      setId: id,
      printer: QUEUE,
    }).catch((e) => e);
    expect(error.reason).toBe('timeout');
    expect(error.message).toMatch(
      /did not finish within 2 s \(last state stopped\); cancelled it, and nothing was marked printed/,
    );
    expect(ippJobState(jobNumber)).toBe('canceled');
    expect((await t.getSet(id)).isPrinted).toBe(false);
  });

  it('moves every label by exactly the calibration offset', async () => {
    const { id } = await t.printedSet();
    const plain = await printAndScan(id);
    await calibration.set(QUEUE, { xMm: 1.5, yMm: -1.2 });
    try {
      const moved = await printAndScan(id);
      expect(moved.scan.read).toHaveLength(80);
      expect(moved.scan.missing).toEqual([]);
      // Against the template centre plus the offset…
      expect(moved.scan.maxErrorMm).toBeLessThanOrEqual(0.5);
      // …and label by label against the uncalibrated print.
      let worst = 0;
      for (const label of moved.scan.read) {
        const before = plain.scan.read.find((l) => l.value === label.value)!;
        worst = Math.max(worst, Math.hypot(label.dxMm - before.dxMm - 1.5, label.dyMm - before.dyMm + 1.2));
      }
      expect(worst).toBeLessThanOrEqual(0.5);
      console.info(`calibration x +1.5 mm, y -1.2 mm: 80/80 moved, worst deviation ${worst.toFixed(4)} mm`);
    } finally {
      await calibration.set(QUEUE, { xMm: 0, yMm: 0 });
    }
  });

  it('prints a calibration sheet on the exact page, marking nothing', async () => {
    const outcome = await printCalibrationSheet(deps(), { printer: QUEUE });
    const pdf = await waitForOutput(outcome.title);
    const scan = await scanSheets(pdf, [], DOMAIN);
    expect(scan.pageSizes).toEqual([[612, 792]]);
    expect((await history.list(1))[0]).toMatchObject({
      kind: 'calibration',
      outcome: 'completed',
      marked: false,
    });
  });
});
