/**
 * A mark survives anything, exactly once. A journaled job is settled by asking CUPS about the job
 * itself: a journal left by a station whose process id now belongs to another live process is
 * still settled, and the mark carries CUPS' completion time. Three station processes started at
 * once on one journal send one mark request between them (counted at the API's door).
 *
 * The job goes to the roll queue HomingQL (stopped while the journal is written, then started):
 * a queue these tests may stop without holding anyone else's jobs.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getTemplate } from '@homing/label-layout';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runCli } from '../cli/run';
import { normalizeServerUrl } from './apiClient';
import { jobRefOf } from './cupsJobs';
import { JobHistory } from './jobHistory';
import { MarkJournal } from './markJournal';
import { CupsSpooler } from './spooler';
import { stationPaths } from './stationHome';
import { ippJobAttributes } from '../testing/cups';
import { hasRollQueues, QL_QUEUE, restartRollQueue, stopRollQueue } from '../testing/rollQueues';
import type { StationServer } from '../testing/stationServer';
import { startStationServer } from '../testing/stationServer';
import { startSwitchableProxy } from '../testing/switchableProxy';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CLI = join(ROOT, 'apps/print-station/src/cli/index.ts');
const TEMPLATE = getTemplate('brother-dk-11218')!;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** CUPS' own word (ipptool, not the code under test) on the job, once it completed. */
async function completedInCups(jobId: string): Promise<Record<string, string>> {
  const { number } = jobRefOf(jobId)!;
  for (;;) {
    const attributes = ippJobAttributes(number);
    if (attributes['job-state'] === 'completed') return attributes;
    await sleep(100);
  }
}

/** CUPS' time-at-completed (seconds since 1970) as the station writes times. */
const cupsTime = (attributes: Record<string, string>) =>
  new Date(Number(attributes['time-at-completed']) * 1000).toISOString();

describe.skipIf(!hasRollQueues)(`settling a journal left by a stopped station, on ${QL_QUEUE}`, () => {
  let t: StationServer;
  let proxy: Awaited<ReturnType<typeof startSwitchableProxy>>;
  let home: string;
  let bystander: ChildProcess | null = null;

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
    restartRollQueue(QL_QUEUE);
    t = await startStationServer();
    proxy = await startSwitchableProxy(t.server.url);
  });
  afterEach(() => {
    proxy.release();
    bystander?.kill('SIGKILL');
    bystander = null;
    restartRollQueue(QL_QUEUE);
    rmSync(home, { recursive: true, force: true });
  });
  afterAll(async () => {
    await proxy?.close();
    await t?.server.close();
  });

  /**
   * A fresh station folder signed in through the proxy, and what a station killed mid-job leaves:
   * the intent for a new set, journaled with the id of the job it sent to the stopped queue, then
   * the queue started, the job completed in CUPS with no station running.
   */
  async function journalLeftBehind(pid?: number) {
    home = mkdtempSync(join(tmpdir(), 'station-once-'));
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
    const label = `set ${set.name}`;
    const title = `homing-once-${Date.now()}`;
    const doc = await PDFDocument.create();
    doc.addPage([68, 68]);
    stopRollQueue(QL_QUEUE);
    const job = await new CupsSpooler().submit({
      printer: QL_QUEUE,
      title,
      pdf: await doc.save(),
      media: TEMPLATE.media,
    });
    const path = stationPaths(home).marks;
    const journal = new MarkJournal(path);
    const intent = await journal.begin({
      serverUrl: normalizeServerUrl(proxy.url),
      setIds: [set.id],
      label,
      printer: QL_QUEUE,
      title,
      runId: 'a-station-that-was-killed',
    });
    await journal.submitted(intent.id, job.id);
    if (pid !== undefined) {
      // The killed station's process id, as older stations wrote it (now another process's).
      const file = JSON.parse(readFileSync(path, 'utf8')) as { jobs: Record<string, unknown>[] };
      file.jobs[0].pid = pid;
      writeFileSync(path, JSON.stringify(file));
    }

    restartRollQueue(QL_QUEUE);
    const cups = await completedInCups(job.id);
    // Time passes before any station starts again: the mark must not take the restart's time.
    await sleep(1500);
    return { set, jobId: job.id, completedAt: cupsTime(cups) };
  }

  const markedEntries = async (jobId: string) =>
    (await new JobHistory(stationPaths(home).history).list()).filter(
      (entry) => entry.jobId === jobId && entry.marked,
    );

  it('marks a job whose station process id now belongs to another live process, once, with CUPS’ completion time', async () => {
    bystander = spawn('sleep', ['300'], { stdio: 'ignore' });
    expect(bystander.pid).toBeGreaterThan(0);
    const { set, jobId, completedAt } = await journalLeftBehind(bystander.pid!);
    expect((await t.getSet(set.id)).isPrinted).toBe(false);

    const before = proxy.markRequests;
    const started = await station(['history']);
    expect(started.code, started.stderr).toBe(EXIT.ok);
    expect(started.stdout).not.toContain('Still in CUPS');
    expect(started.stdout).toContain(`Marked set ${set.name} printed (job completed ${completedAt})`);
    expect((await t.getSet(set.id)).isPrinted).toBe(true);
    expect(proxy.markRequests - before).toBe(1);

    // Exactly once: a later start has nothing to settle or send.
    const again = await station(['history']);
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(proxy.markRequests - before).toBe(1);
    expect(await markedEntries(jobId)).toHaveLength(1);
    const journal = new MarkJournal(stationPaths(home).marks);
    expect(await journal.inFlight()).toEqual([]);
    expect(await journal.list()).toEqual([]);
  });

  it('three stations started at once on one journal send one mark request', async () => {
    const { set, jobId, completedAt } = await journalLeftBehind();
    const before = proxy.markRequests;
    // The first mark request is held at the door while the other stations run their start.
    proxy.hold();
    const runs = [0, 1, 2].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'history'], {
        cwd: ROOT,
        env: { ...process.env, HOMING_STATION_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      let exited = false;
      const code = new Promise<number | null>((done) =>
        child.on('exit', (exitCode) => {
          exited = true;
          done(exitCode);
        }),
      );
      return { code, output: () => output, exited: () => exited };
    });
    // Let the request through once two stations are done (or a second request came: a failure).
    const deadline = Date.now() + 90_000;
    while (
      runs.filter((run) => run.exited()).length < 2 &&
      proxy.markRequests - before < 2 &&
      Date.now() < deadline
    )
      await sleep(100);
    proxy.release();
    const codes = await Promise.all(runs.map((run) => run.code));
    expect(codes, runs.map((run) => run.output()).join('\n---\n')).toEqual([0, 0, 0]);

    expect(proxy.markRequests - before).toBe(1);
    const marked = await t.getSet(set.id);
    expect(marked.isPrinted).toBe(true);
    const entries = await markedEntries(jobId);
    expect(entries).toHaveLength(1);
    expect(entries[0].message).toBe(`Marked set ${set.name} printed (job completed ${completedAt})`);
    const journal = new MarkJournal(stationPaths(home).marks);
    expect(await journal.inFlight()).toEqual([]);
    expect(await journal.list()).toEqual([]);
    // A fourth start finds nothing to do.
    await station(['history']);
    expect(proxy.markRequests - before).toBe(1);
    expect((await t.getSet(set.id)).printedAt).toBe(marked.printedAt);
  }, 180_000);
});
