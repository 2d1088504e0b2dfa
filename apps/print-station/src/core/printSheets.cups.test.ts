/**
 * The admin screens' print request (what the station's PrintPort sends to main) on the real CUPS
 * queue: two sets in one job, each from a new sheet, both marked printed once CUPS completed it,
 * and the job submitted with the exact-size options.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printSheetsRequest } from '@homing/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cupsSkipNote,
  hasCupsQueue,
  ippJobAttributes,
  QUEUE,
  restartQueue,
  waitForOutput,
} from '../testing/cups';
import { hasPdftoppm, scanSheets } from '../testing/labelScan';
import type { StationServer } from '../testing/stationServer';
import { DOMAIN, startStationServer } from '../testing/stationServer';
import { CalibrationStore } from './calibration';
import { JobHistory } from './jobHistory';
import { printSheets } from './printSheets';
import { CupsSpooler } from './spooler';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';

// Skips on a machine without them; under CI=true a missing queue or pdftoppm fails instead.
describe.skipIf(
  skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root') ||
    skipWithout(hasPdftoppm, "poppler's pdftoppm", 'apt-get install poppler-utils'),
)(`PrintPort requests on ${QUEUE}${cupsSkipNote}`, () => {
  let t: StationServer;
  let home: string;

  beforeAll(async () => {
    restartQueue();
    t = await startStationServer();
    home = mkdtempSync(join(tmpdir(), 'station-sheets-'));
  });
  afterAll(async () => {
    await t?.server.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('prints two sets, each from a new sheet, then marks both printed', async () => {
    const sets = await Promise.all(
      [t.unprintedSet(), t.unprintedSet()].map(async (created) => t.getSet((await created).id)),
    );
    const request = printSheetsRequest.parse({
      title: 'Two sets',
      templateId: 'avery-4221',
      domainName: DOMAIN,
      brandWord: 'homing',
      sets: sets.map((set) => ({
        setId: set.id,
        setName: set.name,
        codes: set.qrCodes.map(({ value }) => ({ value })),
      })),
    });
    const deps = {
      api: t.api,
      spooler: new CupsSpooler(),
      calibration: new CalibrationStore(join(home, 'calibration.json')),
      history: new JobHistory(join(home, 'history.jsonl')),
      pollMs: 100,
    };
    const outcome = await printSheets(deps, request, QUEUE);
    expect(outcome).toMatchObject({ pages: 2, labels: 160, marked: true, note: 'Marked 2 sets printed' });
    // What the admin screens' print port returns: the sets main marked and the server's count.
    expect(outcome.mark).toEqual({ status: 'marked', setIds: sets.map((set) => set.id), updatedCount: 2 });

    const job = ippJobAttributes(Number(outcome.jobId.split('-').at(-1)));
    expect(job).toMatchObject({
      'job-state': 'completed',
      media: 'Letter',
      'print-scaling': 'none',
      scaling: '100',
      'fit-to-page': 'false',
    });

    const scan = await scanSheets(
      await waitForOutput(outcome.title),
      sets.flatMap((set) => set.qrCodes.map((code) => code.value)),
      DOMAIN,
    );
    expect(scan.pageSizes).toEqual([
      [612, 792],
      [612, 792],
    ]);
    expect(scan.read).toHaveLength(160);
    expect(scan.missing.concat(scan.unexpected)).toEqual([]);
    expect(scan.maxErrorMm).toBeLessThanOrEqual(0.5);
    for (const set of sets) expect((await t.getSet(set.id)).isPrinted).toBe(true);
  });
});
