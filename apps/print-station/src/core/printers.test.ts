import { describe, expect, it } from 'vitest';
import type { RunCommand } from './exec';
import {
  CupsUnavailableError,
  discoverPrinters,
  mergePrinters,
  parseAccepting,
  parseDefault,
  parseDestinations,
  parsePrinterStates,
  printerProblem,
} from './printers';

// Captured from CUPS 2.4 (LC_ALL=C) with a second queue stopped and rejecting jobs.
const LPSTAT_E = 'HomingPDF\nHomingTest\n';
const LPSTAT_P = `printer HomingPDF is idle.  enabled since Sun Nov 22 11:22:55 2026
printer HomingTest disabled since Sun Nov 22 11:24:41 2026 -
\tMaintenance
`;
const LPSTAT_A = `HomingPDF accepting requests since Sun Nov 22 11:22:55 2026
HomingTest not accepting requests since Sun Nov 22 11:24:41 2026 -
\tMaintenance
`;
const PRINTING =
  'printer Office-Laser now printing Office-Laser-17.  enabled since Mon Nov 23 09:00:01 2026\n';

describe('lpstat parsers', () => {
  it('reads destinations, skipping blank lines, repeats and lpstat complaints', () => {
    expect(parseDestinations(LPSTAT_E)).toEqual(['HomingPDF', 'HomingTest']);
    expect(parseDestinations('A\n\nA\nB/draft\nlpstat: something\n')).toEqual(['A', 'B/draft']);
    expect(parseDestinations('')).toEqual([]);
  });

  it('reads idle, printing and stopped printers with their reasons', () => {
    const states = parsePrinterStates(LPSTAT_P + PRINTING);
    expect(Object.fromEntries(states)).toEqual({
      HomingPDF: { state: 'idle', message: null },
      HomingTest: { state: 'stopped', message: 'Maintenance' },
      'Office-Laser': { state: 'printing', message: null },
    });
    // cupsdisable without -r: CUPS says "Paused".
    const paused = parsePrinterStates(
      'printer HomingPDF disabled since Sun Nov 22 11:22:52 2026 -\n\tPaused\n',
    );
    expect(paused.get('HomingPDF')).toEqual({ state: 'stopped', message: 'Paused' });
  });

  it('reads whether each queue accepts jobs', () => {
    expect(Object.fromEntries(parseAccepting(LPSTAT_A))).toEqual({
      HomingPDF: { accepting: true, message: null },
      HomingTest: { accepting: false, message: 'Maintenance' },
    });
  });

  it('reads the default destination, or none', () => {
    expect(parseDefault('system default destination: HomingPDF\n')).toBe('HomingPDF');
    expect(parseDefault('no system default destination\n')).toBeNull();
  });

  it('merges the answers; an instance takes its queue state; unknown destinations stay unknown', () => {
    const printers = mergePrinters(
      ['HomingPDF', 'HomingPDF/draft', 'ipp-everywhere'],
      parsePrinterStates(LPSTAT_P),
      parseAccepting(LPSTAT_A),
      'HomingPDF',
    );
    expect(printers.map((p) => [p.name, p.state, p.accepting, p.isDefault])).toEqual([
      ['HomingPDF', 'idle', true, true],
      ['HomingPDF/draft', 'idle', true, false],
      ['ipp-everywhere', 'unknown', null, false],
      ['HomingTest', 'stopped', false, false],
    ]);
  });
});

describe('printerProblem', () => {
  const printers = mergePrinters(
    parseDestinations(LPSTAT_E),
    parsePrinterStates(LPSTAT_P),
    parseAccepting(LPSTAT_A),
    null,
  );
  it('lets a job through to an idle, accepting printer', () => {
    expect(printerProblem(printers, 'HomingPDF')).toBeNull();
  });
  it('names a missing or stopped printer, with CUPS’ reason', () => {
    expect(printerProblem(printers, 'Nope')).toBe('Printer Nope was not found');
    expect(printerProblem(printers, 'HomingTest')).toBe('Printer HomingTest is stopped (Maintenance)');
  });
  it('refuses a printer that rejects jobs', () => {
    const rejecting = [
      { name: 'P', state: 'idle' as const, accepting: false, isDefault: false, message: null },
    ];
    expect(printerProblem(rejecting, 'P')).toBe('Printer P is not accepting jobs');
  });
});

describe('discoverPrinters', () => {
  const fake =
    (answers: Record<string, { code: number; stdout?: string; stderr?: string }>): RunCommand =>
    async (_command, args) => ({ stdout: '', stderr: '', ...answers[args[0]] });

  it('asks lpstat four questions and joins the answers', async () => {
    const printers = await discoverPrinters(
      fake({
        '-e': { code: 0, stdout: LPSTAT_E },
        '-p': { code: 0, stdout: LPSTAT_P },
        '-a': { code: 0, stdout: LPSTAT_A },
        '-d': { code: 0, stdout: 'system default destination: HomingTest\n' },
      }),
    );
    expect(printers.find((p) => p.isDefault)?.name).toBe('HomingTest');
    expect(printers).toHaveLength(2);
  });

  it('answers an empty list when CUPS has no printers', async () => {
    const none = { code: 1, stderr: 'lpstat: No destinations added.\n' };
    expect(await discoverPrinters(fake({ '-e': { code: 0 }, '-p': none, '-a': none, '-d': none }))).toEqual(
      [],
    );
  });

  it('says so when the scheduler is down', async () => {
    const down = { code: 1, stderr: 'lpstat: Scheduler is not running.\n' };
    const error = await discoverPrinters(fake({ '-e': down, '-p': down, '-a': down, '-d': down })).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(CupsUnavailableError);
    expect(error.message).toBe('CUPS is not running (lpstat: Scheduler is not running.)');
  });
});
