import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_OFFSET_MM } from '../shared/ipc';
import { CalibrationStore, calibrationSheetFor } from './calibration';
import type { HistoryEntry } from './jobHistory';
import { JobHistory } from './jobHistory';
import { MarkJournal } from './markJournal';
import { FileSessionStore } from './session';
import { stationHome } from './stationHome';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'station-stores-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('CalibrationStore', () => {
  const at = new Date('2026-11-22T10:00:00Z');

  it('starts every printer at zero and keeps offsets per printer', async () => {
    const store = new CalibrationStore(join(dir, 'calibration.json'), () => at);
    expect(await store.get('HomingPDF')).toEqual({ printer: 'HomingPDF', xMm: 0, yMm: 0, updatedAt: null });
    await store.set('HomingPDF', { xMm: 0.4, yMm: -1.25 });
    await store.set('Office', { xMm: -2, yMm: 0 });
    expect(await store.get('HomingPDF')).toEqual({
      printer: 'HomingPDF',
      xMm: 0.4,
      yMm: -1.25,
      updatedAt: at.toISOString(),
    });
    expect((await store.all()).map((c) => c.printer)).toEqual(['HomingPDF', 'Office']);
    expect(JSON.parse(readFileSync(join(dir, 'calibration.json'), 'utf8'))).toMatchObject({
      version: 1,
      printers: { Office: { xMm: -2, yMm: 0 } },
    });
  });

  it('refuses offsets out of range, non-numbers and odd printer names', async () => {
    const store = new CalibrationStore(join(dir, 'calibration.json'));
    await expect(store.set('P', { xMm: MAX_OFFSET_MM + 0.1, yMm: 0 })).rejects.toThrow(
      'x offset must be between -20 and 20 mm',
    );
    await expect(store.set('P', { xMm: 0, yMm: Number.NaN })).rejects.toThrow();
    await expect(store.set('has space', { xMm: 0, yMm: 0 })).rejects.toThrow('Not a printer name');
  });

  it('treats a damaged file as an error, never as zero offsets', async () => {
    const path = join(dir, 'calibration.json');
    writeFileSync(path, '{"version":1,"printers":{"P":{"xMm":"left"}}}');
    await expect(new CalibrationStore(path).get('P')).rejects.toThrow(
      `The calibration file ${path} is not valid`,
    );
    writeFileSync(path, '{oops');
    await expect(new CalibrationStore(path).get('P')).rejects.toThrow('is not valid JSON');
  });

  it('renders the calibration sheet with the printer’s offsets', async () => {
    const store = new CalibrationStore(join(dir, 'calibration.json'));
    await store.set('P', { xMm: 1, yMm: 2 });
    const { pdf, calibration } = await calibrationSheetFor(store, 'P');
    expect(calibration).toMatchObject({ xMm: 1, yMm: 2 });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});

describe('JobHistory', () => {
  const entry = (n: number): HistoryEntry => ({
    time: `2026-11-22T10:00:0${n}.000Z`,
    kind: 'labels',
    setId: null,
    title: `job ${n}`,
    printer: 'P',
    jobId: `P-${n}`,
    outcome: 'completed',
    marked: false,
    message: 'Printed',
  });

  it('appends JSON lines and lists them newest first, up to a limit', async () => {
    const history = new JobHistory(join(dir, 'nested', 'history.jsonl'));
    expect(await history.list()).toEqual([]);
    for (const n of [1, 2, 3]) await history.append(entry(n));
    expect((await history.list()).map((e) => e.jobId)).toEqual(['P-3', 'P-2', 'P-1']);
    expect((await history.list(2)).map((e) => e.jobId)).toEqual(['P-3', 'P-2']);
    expect(
      readFileSync(join(dir, 'nested', 'history.jsonl'), 'utf8')
        .trim()
        .split('\n'),
    ).toHaveLength(3);
  });

  it('skips a torn or foreign line and keeps the rest', async () => {
    const path = join(dir, 'history.jsonl');
    const history = new JobHistory(path);
    await history.append(entry(1));
    appendFileSync(path, '{"time":"2026-11-2\n{"other":true}\n');
    await history.append(entry(2));
    expect((await history.list()).map((e) => e.jobId)).toEqual(['P-2', 'P-1']);
  });
});

describe('FileSessionStore', () => {
  const session = {
    serverUrl: 'https://homing.example',
    token: 'secret-token',
    user: { id: 'u1', email: 'a@example.com', isAdmin: true },
  };

  it('keeps the session in a file only its owner can read', async () => {
    const path = join(dir, 'home', 'session.json');
    const store = new FileSessionStore(path);
    expect(await store.load()).toBeNull();
    await store.save(session);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'home')).mode & 0o777).toBe(0o700);
    expect(await store.load()).toEqual(session);
    await store.clear();
    expect(await store.load()).toBeNull();
  });

  it('reads a damaged file as signed out', async () => {
    const path = join(dir, 'session.json');
    writeFileSync(path, '{"serverUrl":"ftp://x","token":"t"}');
    expect(await new FileSessionStore(path).load()).toBeNull();
  });
});

describe('stationHome', () => {
  it('is $HOMING_STATION_HOME, else ~/.config/homing-station', () => {
    expect(stationHome({ HOMING_STATION_HOME: '/srv/station' })).toBe('/srv/station');
    expect(stationHome({})).toMatch(/\.config\/homing-station$/);
  });
});

describe('MarkJournal', () => {
  const owner = { runId: 'run-1' };
  const job = {
    serverUrl: 'http://127.0.0.1:1',
    setIds: ['set-1'],
    label: 'set Batch 7',
    printer: 'HomingPDF',
    title: 'homing-batch-7',
    ...owner,
  };

  it('keeps the intent from before the job is sent until it ends; a completed job becomes one pending mark', async () => {
    const path = join(dir, 'pending-marks.json');
    const journal = new MarkJournal(path);
    const intent = await journal.begin(job);
    // Another process (the next start) reads it from disk.
    expect(await new MarkJournal(path).inFlight()).toEqual([{ ...intent, jobId: null }]);
    await journal.submitted(intent.id, 'HomingPDF-12');
    expect((await new MarkJournal(path).inFlight())[0].jobId).toBe('HomingPDF-12');

    const completion = await journal.complete(intent.id, '2026-11-26T10:00:00.000Z');
    expect(completion).toMatchObject({
      kind: 'pending',
      mark: {
        setIds: ['set-1'],
        jobId: 'HomingPDF-12',
        attempts: 0,
        completedAt: '2026-11-26T10:00:00.000Z',
      },
    });
    expect(await journal.inFlight()).toEqual([]);
    expect(await journal.list()).toEqual([completion.kind === 'pending' && completion.mark]);
    // Settled twice (two processes): the second finds it settled, so the set is marked once.
    expect(await new MarkJournal(path).complete(intent.id, '2026-11-26T10:00:01.000Z')).toEqual({
      kind: 'settled',
    });
    expect(await journal.list()).toHaveLength(1);
  });

  it('forgets a job that ended without printing, and a completed reprint leaves no mark', async () => {
    const journal = new MarkJournal(join(dir, 'pending-marks.json'));
    const cancelled = await journal.begin(job);
    const reprint = await journal.begin({ ...job, setIds: [] });
    expect(await journal.drop(cancelled.id)).toBe(true);
    expect(await journal.drop(cancelled.id)).toBe(false);
    expect(await journal.complete(reprint.id, '2026-11-26T10:00:00.000Z')).toEqual({ kind: 'nothing' });
    expect(await journal.inFlight()).toEqual([]);
    expect(await journal.list()).toEqual([]);
  });

  it('reads a journal written before jobs were journaled', async () => {
    const path = join(dir, 'pending-marks.json');
    writeFileSync(path, JSON.stringify({ marks: [] }));
    expect(await new MarkJournal(path).inFlight()).toEqual([]);
  });
});
