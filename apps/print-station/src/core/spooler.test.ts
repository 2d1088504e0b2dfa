import { describe, expect, it } from 'vitest';
import type { JobStatus } from './cupsJobs';
import type { CommandResult, RunCommand } from './exec';
import { CommandMissingError } from './exec';
import type { Spooler, SubmittedJob } from './spooler';
import { CupsSpooler, waitForJob } from './spooler';

const ok = (stdout: string): CommandResult => ({ code: 0, stdout, stderr: '' });
const job: SubmittedJob = { id: 'HomingPDF-9', number: 9, printer: 'HomingPDF', title: 't' };

function recorder(answer: (command: string, args: readonly string[]) => CommandResult | Error) {
  const calls: { command: string; args: readonly string[]; input?: Uint8Array }[] = [];
  const run: RunCommand = async (command, args, options) => {
    calls.push({ command, args, input: options?.input });
    const result = answer(command, args);
    if (result instanceof Error) throw result;
    return result;
  };
  return { run, calls };
}

describe('CupsSpooler', () => {
  it('submits with lp: the printer, the title, Letter, no scaling, the PDF on standard input', async () => {
    const { run, calls } = recorder(() => ok('request id is HomingPDF-9 (1 file(s))\n'));
    const pdf = new Uint8Array([37, 80, 68, 70]);
    const submitted = await new CupsSpooler({ run }).submit({
      printer: 'HomingPDF',
      title: 'homing-x',
      pdf,
      media: 'Letter',
    });
    expect(submitted).toEqual({ id: 'HomingPDF-9', number: 9, printer: 'HomingPDF', title: 'homing-x' });
    expect(calls).toEqual([
      {
        command: 'lp',
        args: [
          '-d',
          'HomingPDF',
          '-t',
          'homing-x',
          '-o',
          'media=Letter',
          '-o',
          'scaling=100',
          '-o',
          'fit-to-page=false',
          '-o',
          'print-scaling=none',
        ],
        input: pdf,
      },
    ]);
  });

  it('reports lp’s own complaint when CUPS refuses the job', async () => {
    const { run } = recorder(() => ({
      code: 1,
      stdout: '',
      stderr: 'lp: The printer or class does not exist.\n',
    }));
    await expect(
      new CupsSpooler({ run }).submit({ printer: 'X', title: 't', pdf: new Uint8Array(), media: 'Letter' }),
    ).rejects.toThrow('CUPS refused the job: lp: The printer or class does not exist.');
  });

  it('follows a job with ipptool, on the CUPS server lp uses (lpstat -H: CUPS_SERVER, client.conf)', async () => {
    for (const [server, uri] of [
      ['/run/cups/cups.sock', 'ipp://%2Frun%2Fcups%2Fcups.sock/jobs/9'],
      ['print.example:632', 'ipp://print.example:632/jobs/9'],
      ['print.example', 'ipp://print.example:631/jobs/9'],
    ]) {
      const { run, calls } = recorder((command) =>
        command === 'lpstat'
          ? ok(`${server}\n`)
          : ok('        job-state (enum) = completed\n        job-state-reasons (keyword) = none\n'),
      );
      expect(await new CupsSpooler({ run }).status(job)).toEqual({
        state: 'completed',
        reasons: [],
        message: null,
      });
      expect(calls.map((c) => [c.command, ...c.args])).toEqual([
        ['lpstat', '-H'],
        ['ipptool', '-T', '10', '-tv', uri, 'get-job-attributes.test'],
      ]);
    }
  });

  it('without ipptool, asks CUPS over IPP itself, and stays there', async () => {
    const { run, calls } = recorder((command) =>
      command === 'ipptool' ? new CommandMissingError('ipptool') : ok('localhost:631\n'),
    );
    const asked: unknown[] = [];
    const spooler = new CupsSpooler({
      run,
      ipp: async (server, number) => {
        asked.push([server, number]);
        return { kind: 'status', status: { state: 'canceled', reasons: [], message: null } };
      },
    });
    expect((await spooler.status(job)).state).toBe('canceled');
    expect((await spooler.status(job)).state).toBe('canceled');
    expect(calls.filter((c) => c.command === 'ipptool')).toHaveLength(1);
    expect(asked).toEqual([
      [{ host: 'localhost', port: 631 }, 9],
      [{ host: 'localhost', port: 631 }, 9],
    ]);
  });

  it('when CUPS cannot be asked over IPP, lpstat says ended but never completed on its own', async () => {
    const { run } = recorder((command, args) => {
      if (command === 'ipptool') return new CommandMissingError('ipptool');
      if (args.includes('completed'))
        return ok('HomingPDF-9  root  3072  Sun Nov 22\n\tAlerts: processing-to-stop-point\n');
      return ok('');
    });
    const unreachable = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const status = await new CupsSpooler({ run, ipp: unreachable }).status(job);
    expect(status.state).toBe('ended');
    expect(status.message).toMatch(/without saying whether it completed \(install ipptool/);
  });

  it('reports a job waiting on a stopped printer as stopped, with the printer’s reason', async () => {
    const { run } = recorder((command, args) => {
      if (command === 'ipptool') return ok('        job-state (enum) = pending\n');
      if (args[0] === '-p')
        return ok('printer HomingPDF disabled since Sun Nov 22 -\n\tPaused by the operator\n');
      return ok('/run/cups/cups.sock\n');
    });
    expect(await new CupsSpooler({ run }).status(job)).toEqual({
      state: 'stopped',
      reasons: ['printer-stopped'],
      message: 'printer HomingPDF is stopped (Paused by the operator)',
    });
  });

  it('cancels by job id', async () => {
    const { run, calls } = recorder(() => ok(''));
    await new CupsSpooler({ run }).cancel(job);
    expect(calls).toEqual([{ command: 'cancel', args: ['HomingPDF-9'], input: undefined }]);
  });
});

describe('waitForJob', () => {
  function scripted(states: (JobStatus['state'] | Error)[]): Spooler {
    let i = 0;
    return {
      kind: 'cups',
      printers: async () => [],
      submit: async () => job,
      cancel: async () => undefined,
      status: async () => {
        const next = states[Math.min(i++, states.length - 1)];
        if (next instanceof Error) throw next;
        return { state: next, reasons: [], message: null };
      },
    };
  }
  const clock = () => {
    let now = 0;
    return { now: () => now, sleep: async (ms: number) => void (now += ms) };
  };

  it('polls until the job ends, reporting each change of state once', async () => {
    const seen: string[] = [];
    const result = await waitForJob(scripted(['pending', 'pending', 'processing', 'completed']), job, {
      timeoutMs: 10_000,
      onStatus: (s) => seen.push(s.state),
      ...clock(),
    });
    expect(result).toEqual({ timedOut: false, status: { state: 'completed', reasons: [], message: null } });
    expect(seen).toEqual(['pending', 'processing', 'completed']);
  });

  it('rides out a failed poll', async () => {
    const result = await waitForJob(scripted([new Error('cupsd restarting'), 'canceled']), job, {
      timeoutMs: 10_000,
      ...clock(),
    });
    expect(result).toMatchObject({ timedOut: false, status: { state: 'canceled' } });
  });

  it('gives up at the deadline with the last state and error seen', async () => {
    const result = await waitForJob(scripted(['pending', new Error('no answer')]), job, {
      timeoutMs: 1000,
      pollMs: 250,
      ...clock(),
    });
    expect(result).toEqual({
      timedOut: true,
      status: { state: 'pending', reasons: [], message: null },
      lastError: 'no answer',
    });
  });
});
