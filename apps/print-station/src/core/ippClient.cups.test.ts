/**
 * The job-state questions against the real CUPS: IPP spoken by the station itself (for machines
 * without ipptool) tells completed from cancelled, which lpstat cannot on CUPS 2.4; and a job
 * waiting on a stopped queue is reported stopped.
 */
import { defaultTemplate } from '@homing/label-layout';
import { renderCalibrationSheetPdf } from '@homing/label-layout/pdf';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cancelJob,
  cupsSkipNote,
  hasCupsQueue,
  ippJobAttributes,
  QUEUE,
  restartQueue,
  stopQueue,
} from '../testing/cups';
import { CommandMissingError, runCommand } from './exec';
import type { RunCommand } from './exec';
import { ippJobStatus, parseCupsServer } from './ippClient';
import type { SubmittedJob } from './spooler';
import { CupsSpooler, waitForJob } from './spooler';

const withoutIpptool: RunCommand = (command, args, options) =>
  command === 'ipptool'
    ? Promise.reject(new CommandMissingError('ipptool'))
    : runCommand(command, args, options);

const pdf = () => renderCalibrationSheetPdf({ template: defaultTemplate, calibration: { xMm: 0, yMm: 0 } });

describe.skipIf(!hasCupsQueue)(`CUPS job states on ${QUEUE}${cupsSkipNote}`, () => {
  afterEach(() => restartQueue());

  async function submit(spooler: CupsSpooler): Promise<SubmittedJob> {
    return spooler.submit({
      printer: QUEUE,
      title: `homing-ipp-${Date.now()}`,
      pdf: await pdf(),
      media: 'Letter',
    });
  }

  it('without ipptool, confirms a completed job over IPP (on the server lpstat -H names), with its completion time', async () => {
    const spooler = new CupsSpooler({ run: withoutIpptool });
    const job = await submit(spooler);
    const waited = await waitForJob(spooler, job, { timeoutMs: 30_000, pollMs: 100 });
    expect(waited.timedOut).toBe(false);
    expect(waited.status?.state).toBe('completed');
    // CUPS' time-at-completed as ipptool reads it, independently of the code under test.
    const completedAt = new Date(
      Number(ippJobAttributes(job.number)['time-at-completed']) * 1000,
    ).toISOString();
    expect(waited.status?.completedAt).toBe(completedAt);
    const server = parseCupsServer((await runCommand('lpstat', ['-H'])).stdout);
    expect(await ippJobStatus(server, job.number)).toMatchObject({
      kind: 'status',
      status: { state: 'completed', completedAt },
    });
    // ipptool's answer carries the same time.
    expect(await new CupsSpooler().status(job)).toMatchObject({ state: 'completed', completedAt });
  });

  it('reports a job on a stopped queue as stopped, then a cancelled one as canceled', async () => {
    const spooler = new CupsSpooler({ run: withoutIpptool });
    stopQueue();
    const job = await submit(spooler);
    expect(await spooler.status(job)).toMatchObject({
      state: 'stopped',
      message: expect.stringContaining(`printer ${QUEUE} is stopped`),
    });
    cancelJob(job.id);
    expect((await spooler.status(job)).state).toBe('canceled');
  });
});
