/**
 * The command line as automation runs it: a child process per command, exit codes and messages,
 * against the real API and the real CUPS queue. The cancelled-job case runs in-process, with a
 * spooler that stops the queue between the printer check and `lp` (a child process cannot be
 * cancelled at the right moment without such a hook).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../api/src/testing/testServer';
import {
  cancelJob,
  cupsSkipNote,
  hasCupsQueue,
  QUEUE,
  restartQueue,
  stopQueue,
  waitForOutput,
} from '../testing/cups';
import { holdingSpooler } from '../testing/holdingSpooler';
import type { StationServer } from '../testing/stationServer';
import { startStationServer } from '../testing/stationServer';
import { runCli } from './run';
import { skipWithout } from '../../../../packages/label-layout/test/ciTools';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const tsx = join(repoRoot, 'node_modules/.bin/tsx');
const cli = join(repoRoot, 'apps/print-station/src/cli/index.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Skips on a machine without the queue; under CI=true a missing queue fails instead.
const noQueue = skipWithout(hasCupsQueue, `the CUPS queue ${QUEUE}`, 'run .ci/cups-setup as root');

describe.skipIf(noQueue)(`npm run station (child process) on ${QUEUE}${cupsSkipNote}`, () => {
  let t: StationServer;
  let home: string;

  const station = (args: string[], env: Record<string, string> = {}): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(tsx, [cli, ...args], {
        cwd: repoRoot,
        env: { ...process.env, HOMING_STATION_HOME: home, ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

  beforeAll(async () => {
    restartQueue();
    t = await startStationServer();
    home = mkdtempSync(join(tmpdir(), 'station-cli-cups-'));
    const login = await station(['login'], {
      HOMING_SERVER: t.server.url,
      HOMING_IDENTIFIER: t.admin.email,
      HOMING_PASSWORD: t.admin.password,
    });
    expect(login, login.stderr).toMatchObject({ code: 0 });
    expect(login.stdout).toContain(`Signed in to ${t.server.url} as ${t.admin.email}.`);
  });
  afterEach(() => restartQueue());
  afterAll(async () => {
    restartQueue();
    await t?.server.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('kept the session in a 0600 file', () => {
    const path = join(home, 'session.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      serverUrl: t.server.url,
      user: { isAdmin: true },
    });
  });

  it('refuses to sign in a non-admin', async () => {
    const owner = await signUp(t.server);
    const other = mkdtempSync(join(tmpdir(), 'station-cli-owner-'));
    const run = await station(
      ['login', '--server', t.server.url, '--identifier', owner.email, '--password', owner.password],
      {
        HOMING_STATION_HOME: other,
      },
    );
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Error: This account is not an admin');
    expect(existsSync(join(other, 'session.json'))).toBe(false);
    rmSync(other, { recursive: true, force: true });
  });

  it('lists the CUPS printers', async () => {
    const run = await station(['printers']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^${QUEUE}\\s+idle\\s+yes`, 'm'));
  });

  it('prints a set, writes --out, and marks it printed after the job completed (exit 0)', async () => {
    const { id } = await t.unprintedSet();
    const out = join(home, 'labels.pdf');
    const run = await station([
      'print',
      '--set',
      id,
      '--printer',
      QUEUE,
      '--start-col',
      '3',
      '--start-row',
      '4',
      '--out',
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /… Rendering 80 labels on 2 sheets \(3\/4" Round, start column 3, row 4; offset x \+0\.00 mm, y \+0\.00 mm\)/,
    );
    expect(run.stderr).toMatch(new RegExp(`… Submitted job (${QUEUE}-\\d+) to ${QUEUE}`));
    const jobId = /Submitted job (\S+)/.exec(run.stderr)![1];
    expect(run.stderr).toContain(`… Job ${jobId} completed`);
    expect(run.stdout.trim()).toMatch(
      new RegExp(
        `^Printed set ${id} as job ${jobId} on ${QUEUE}: 80 labels on 2 sheets\\. Marked set .* printed\\.$`,
      ),
    );
    expect((await t.getSet(id)).isPrinted).toBe(true);
    const written = await PDFDocument.load(readFileSync(out));
    expect(written.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([
      [612, 792],
      [612, 792],
    ]);
  });

  it('exits 1 with a clear message, and marks nothing, when the queue is stopped', async () => {
    const { id } = await t.unprintedSet();
    stopQueue();
    const run = await station(['print', '--set', id, '--printer', QUEUE]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^Error: Printer ${QUEUE} is stopped \\(Paused\\)$`, 'm'));
    expect(run.stderr).not.toContain('Submitted job');
    expect((await t.getSet(id)).isPrinted).toBe(false);
  });

  it('exits 1 for a printer CUPS does not have', async () => {
    const { id } = await t.unprintedSet();
    const run = await station(['print', '--set', id, '--printer', 'NoSuchPrinter']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Error: Printer NoSuchPrinter was not found$/m);
  });

  it('exits 1 when the job is cancelled, and the set stays unprinted', async () => {
    const { id } = await t.unprintedSet();
    const err: string[] = [];
    const code = await runCli(['print', '--set', id, '--printer', QUEUE], {
      env: { HOMING_STATION_HOME: home },
      out: () => undefined,
      err: (line) => err.push(line),
      spooler: holdingSpooler((job) => cancelJob(job.id)),
    });
    expect(code).toBe(1);
    expect(err.at(-1)).toMatch(
      new RegExp(`^Error: Job ${QUEUE}-\\d+ was cancelled.*; the set was not marked printed$`),
    );
    expect((await t.getSet(id)).isPrinted).toBe(false);
  });

  it('exits 1 when the start lies outside the set’s template (known only once the set is loaded)', async () => {
    const { id } = await t.unprintedSet();
    const run = await station(['print', '--set', id, '--printer', QUEUE, '--start-col', '9']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Error: Start column must be 1-8 and start row 1-10 for 3\/4" Round$/m);
  });

  it('prints a calibration sheet and lists the history, newest first', async () => {
    const sheet = await station(['calibration-sheet', '--printer', QUEUE]);
    expect(sheet.code, sheet.stderr).toBe(0);
    expect(sheet.stdout).toMatch(
      /^Printed a calibration sheet as job \S+ on HomingPDF: 1 sheet\. Printed\.$/m,
    );
    const title = JSON.parse((await station(['history', '--json', '--limit', '1'])).stdout).entries[0]
      .title as string;
    expect((await waitForOutput(title)).length).toBeGreaterThan(0);
    const history = await station(['history']);
    expect(history.code).toBe(0);
    const lines = history.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/ completed {2}HomingPDF-\d+ {2}HomingPDF {2}calibration {2}Printed$/);
    expect(history.stdout).toMatch(
      / refused {2}- {2}HomingPDF {2}set \S+ {2}Printer HomingPDF is stopped \(Paused\)/,
    );
    expect(history.stdout).toMatch(/ canceled {2}HomingPDF-\d+ {2}HomingPDF {2}set /);
    expect(history.stdout).toMatch(
      / completed {2}HomingPDF-\d+ {2}HomingPDF {2}set \S+ {2}Marked set .* printed/,
    );
  });
});
