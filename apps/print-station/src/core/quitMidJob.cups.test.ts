/**
 * A mark survives anything: the station's process is stopped (SIGTERM) or killed (SIGKILL) while
 * its job is held in CUPS. The intent was journaled before the job was sent; at the next start
 * the station asks CUPS how the job ended: released and completed → the set is marked, exactly
 * once; cancelled → never marked, and the history says so.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runCli } from '../cli/run';
import { jobRefOf } from './cupsJobs';
import { JobHistory } from './jobHistory';
import { MarkJournal } from './markJournal';
import { CupsSpooler } from './spooler';
import { stationPaths } from './stationHome';
import { cancelJob, cupsSkipNote, hasCupsQueue, ippJobState, QUEUE, restartQueue } from '../testing/cups';
import type { StationServer } from '../testing/stationServer';
import { startStationServer } from '../testing/stationServer';

const ROOT = resolve(import.meta.dirname, '../../../..');
const HOLDING_CLI = join(ROOT, 'apps/print-station/src/testing/holdingStationCli.ts');

/** The station as its own process, printing through the holding spooler; resolves once CUPS took the job. */
function printInChild(home: string, setId: string) {
  // Node itself, tsx as a loader: the signal reaches the station's own process, not a wrapper.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', HOLDING_CLI, 'print', '--set', setId, '--printer', QUEUE],
    {
      cwd: ROOT,
      env: { ...process.env, HOMING_STATION_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const submitted = new Promise<string>((done, fail) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /Submitted job (\S+) to/.exec(stderr);
      if (match) done(match[1]);
    });
    void exited.then(() => fail(new Error(`the station exited before submitting: ${stderr}`)));
  });
  return { child, submitted, exited, stderr: () => stderr };
}

/** CUPS' own word (ipptool, not the code under test) that the job reached a state. */
async function jobReaches(jobId: string, state: string): Promise<void> {
  const ref = jobRefOf(jobId)!;
  while (ippJobState(ref.number) !== state) await new Promise((r) => setTimeout(r, 100));
}

describe.skipIf(!hasCupsQueue)(
  `a station stopped while its job waits in CUPS, on ${QUEUE}${cupsSkipNote}`,
  () => {
    let t: StationServer;
    let home: string;
    let running: ChildProcess | null = null;

    const station = async (argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCli(argv, {
        env: { HOMING_STATION_HOME: home },
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      });
      return { code, stdout: out.join('\n'), stderr: err.join('\n') };
    };

    beforeAll(async () => {
      restartQueue();
      t = await startStationServer();
      home = mkdtempSync(join(tmpdir(), 'station-quit-'));
      const login = await station([
        'login',
        '--server',
        t.server.url,
        '--identifier',
        t.admin.email,
        '--password',
        t.admin.password,
      ]);
      expect(login.code, login.stderr).toBe(EXIT.ok);
    });
    afterEach(() => {
      running?.kill('SIGKILL');
      running = null;
      restartQueue();
    });
    afterAll(async () => {
      await t?.server.close();
      rmSync(home, { recursive: true, force: true });
    });

    const journal = () => new MarkJournal(stationPaths(home).marks);

    it('stopped (SIGTERM): says what will happen, and at the next start marks the set exactly once', async () => {
      const set = await t.unprintedSet();
      const run = printInChild(home, set.id);
      running = run.child;
      const jobId = await run.submitted;
      await expect(journal().inFlight()).resolves.toEqual([
        expect.objectContaining({ jobId, setIds: [set.id], printer: QUEUE }),
      ]);

      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(143);
      const { name } = await t.getSet(set.id);
      expect(run.stderr()).toContain(
        `Stopping. Job ${jobId} on ${QUEUE} has not finished. If it prints, set ${name} is marked printed ` +
          'the next time the station starts; if it is cancelled or aborted, nothing is marked.',
      );
      expect((await t.getSet(set.id)).isPrinted).toBe(false);
      // A start while the job still waits: it stays in the journal, shown, nothing marked.
      const waiting = await station(['history']);
      expect(waiting.stdout).toContain('Still in CUPS (1)');
      expect((await t.getSet(set.id)).isPrinted).toBe(false);

      // The printer comes back; the job prints with no station running.
      restartQueue();
      await jobReaches(jobId, 'completed');
      expect((await t.getSet(set.id)).isPrinted).toBe(false);

      const started = await station(['history']);
      expect(started.code, started.stderr).toBe(EXIT.ok);
      expect(started.stdout).not.toContain('Still in CUPS');
      expect(started.stdout).toMatch(new RegExp(`completed +${jobId} .*Marked set .* printed`));
      const marked = await t.getSet(set.id);
      expect(marked.isPrinted).toBe(true);

      // Exactly once: later starts find nothing to do.
      await station(['history']);
      expect((await t.getSet(set.id)).printedAt).toBe(marked.printedAt);
      expect(await journal().inFlight()).toEqual([]);
      expect(await journal().list()).toEqual([]);
      const entries = await new JobHistory(stationPaths(home).history).list();
      expect(entries.filter((entry) => entry.jobId === jobId && entry.marked)).toHaveLength(1);
    });

    it('killed (SIGKILL), the job then cancelled: never marked, and the history says so', async () => {
      const set = await t.unprintedSet();
      const run = printInChild(home, set.id);
      running = run.child;
      const jobId = await run.submitted;
      run.child.kill('SIGKILL');
      await run.exited;

      cancelJob(jobId);
      await jobReaches(jobId, 'canceled');
      restartQueue();

      const started = await station(['history']);
      expect(started.code, started.stderr).toBe(EXIT.ok);
      expect(started.stdout).toMatch(
        new RegExp(
          `canceled +${jobId} .*Job ${jobId} was cancelled after the station stopped.*set .* was not marked printed`,
        ),
      );
      expect(await journal().inFlight()).toEqual([]);
      expect(await journal().list()).toEqual([]);
      expect((await t.getSet(set.id)).isPrinted).toBe(false);
      await station(['history']);
      expect((await t.getSet(set.id)).isPrinted).toBe(false);
    });

    it('finds a job by its title when the station stopped before noting its id', async () => {
      const spooler = new CupsSpooler();
      const title = `homing-find-${Date.now()}`;
      const pdf = await (await PDFDocument.create()).addPage([612, 792]).doc.save();
      const job = await spooler.submit({ printer: QUEUE, title, pdf, media: 'Letter' });
      expect(await spooler.findJob(QUEUE, title)).toEqual({ id: job.id, number: job.number });
      expect(await spooler.findJob(QUEUE, `${title}-never-sent`)).toBeNull();
    });
  },
);
