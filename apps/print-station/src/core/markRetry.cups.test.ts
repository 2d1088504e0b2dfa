/**
 * Nothing printed is left unmarked: the API is unreachable at the moment CUPS reports the job
 * completed, so the mark waits in the station's journal (on disk); `station history` shows it;
 * the station is "restarted" (every runCli is a new station on the same folder) and, once the
 * server is back, marks the set, exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/run';
import { EXIT, runCli } from '../cli/run';
import { cupsSkipNote, hasCupsQueue, QUEUE, restartQueue } from '../testing/cups';
import type { StationServer } from '../testing/stationServer';
import { startStationServer } from '../testing/stationServer';
import { startSwitchableProxy } from '../testing/switchableProxy';
import { JobHistory } from './jobHistory';
import { MarkJournal } from './markJournal';
import type { Spooler } from './spooler';
import { CupsSpooler } from './spooler';
import { stationPaths } from './stationHome';

describe.skipIf(!hasCupsQueue)(`marking after the server was away, on ${QUEUE}${cupsSkipNote}`, () => {
  let t: StationServer;
  let proxy: Awaited<ReturnType<typeof startSwitchableProxy>>;
  let home: string;

  beforeAll(async () => {
    restartQueue();
    t = await startStationServer();
    proxy = await startSwitchableProxy(t.server.url);
    home = mkdtempSync(join(tmpdir(), 'station-marks-'));
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.server.close();
    rmSync(home, { recursive: true, force: true });
  });

  async function station(argv: string[], spooler?: Spooler) {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      env: { HOMING_STATION_HOME: home },
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      spooler,
    };
    const code = await runCli(argv, io);
    return { code, stdout: out.join('\n'), stderr: err.join('\n') };
  }

  it('journals the mark while the API is down, shows it pending, and marks it once after a restart', async () => {
    const login = await station([
      'login',
      '--server',
      proxy.url,
      '--identifier',
      t.admin.email,
      '--password',
      t.admin.password,
    ]);
    expect(login.code, login.stderr).toBe(EXIT.ok);
    const set = await t.unprintedSet();

    // The real queue; the server goes away the moment CUPS says the job completed.
    const cups = new CupsSpooler();
    const dropsServerOnCompletion: Spooler = {
      kind: 'cups',
      printers: () => cups.printers(),
      submit: (submission) => cups.submit(submission),
      cancel: (job) => cups.cancel(job),
      async status(job) {
        const status = await cups.status(job);
        if (status.state === 'completed') proxy.down();
        return status;
      },
    };
    const printed = await station(['print', '--set', set.id, '--printer', QUEUE], dropsServerOnCompletion);
    expect(printed.code, printed.stderr).toBe(EXIT.ok);
    expect(printed.stdout).toMatch(/marking set .* printed is pending \(Cannot reach the server at .*\)/);
    expect((await t.getSet(set.id)).isPrinted).toBe(false);

    // Written to disk, and shown by `station history` (whose retry finds the server still away).
    const journal = await new MarkJournal(stationPaths(home).marks).list();
    expect(journal).toEqual([expect.objectContaining({ setIds: [set.id], serverUrl: proxy.url })]);
    const whileDown = await station(['history']);
    expect(whileDown.stdout).toContain('Waiting to be marked printed (1)');
    expect(whileDown.stdout).toMatch(/pending .*HomingPDF.* set /);
    expect((await t.getSet(set.id)).isPrinted).toBe(false);

    // The server is back; a new station process on the same folder sends the mark.
    proxy.up();
    const requestsBefore = proxy.markRequests;
    const after = await station(['history']);
    expect(after.code).toBe(EXIT.ok);
    expect(after.stdout).not.toContain('Waiting to be marked printed');
    expect(after.stdout).toMatch(/completed .* Marked set .* printed \(job completed /);
    const marked = await t.getSet(set.id);
    expect(marked.isPrinted).toBe(true);
    expect(proxy.markRequests - requestsBefore).toBe(1);

    // Exactly once: nothing is pending any more, and nothing is sent again.
    expect(await new MarkJournal(stationPaths(home).marks).list()).toEqual([]);
    await station(['history']);
    expect(proxy.markRequests - requestsBefore).toBe(1);
    expect((await t.getSet(set.id)).printedAt).toBe(marked.printedAt);
    const entries = await new JobHistory(stationPaths(home).history).list();
    expect(entries.filter((entry) => entry.setId === set.id && entry.marked)).toHaveLength(1);
  });
});
