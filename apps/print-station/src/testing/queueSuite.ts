/**
 * One CUPS test file's set-up (vitest hooks): the queue restarted, a station server (the real API on
 * the embedded database, one admin) and a home folder for the station's files, all gone after the
 * file. `t` and `home` are set before the first test runs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { CalibrationStore } from '../core/calibration';
import { JobHistory } from '../core/jobHistory';
import { CupsSpooler } from '../core/spooler';
import { restartQueue } from './cups';
import { startStationServer, type StationServer } from './stationServer';

export function stationOnQueue(homePrefix: string, ...server: Parameters<typeof startStationServer>) {
  const suite = {
    t: undefined as unknown as StationServer,
    home: '',
    /** What the print pipeline needs: the real queue, this file's calibration and history. */
    deps: () => ({
      api: suite.t.api,
      spooler: new CupsSpooler(),
      calibration: new CalibrationStore(join(suite.home, 'calibration.json')),
      history: new JobHistory(join(suite.home, 'history.jsonl')),
      pollMs: 100,
    }),
  };
  beforeAll(async () => {
    restartQueue();
    suite.t = await startStationServer(...server);
    suite.home = mkdtempSync(join(tmpdir(), homePrefix));
  });
  afterAll(async () => {
    await suite.t?.server.close();
    if (suite.home) rmSync(suite.home, { recursive: true, force: true });
  });
  return suite;
}
