import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrintPreset } from '@homing/shared';
import { printPreset } from '@homing/shared';
import { z, ZodError } from 'zod';
import type { HistoryEntry } from '../core/jobHistory';
import type { InFlightJob, PendingMark } from '../core/markJournal';
import type { PrinterInfo } from '../core/printers';
import type { PrintOutcome } from '../core/printPipeline';
import type { ReadBackReport } from '../core/readBack';
import { signedMm } from '../core/pipelineParts';
import { PresetError, PresetStore } from '../core/presets';
import { queueTemplates } from '../core/queueMedia';
import { FileSessionStore } from '../core/session';
import type { Spooler } from '../core/spooler';
import type { Station } from '../core/station';
import { createStation, NotSignedInError } from '../core/station';
import { stationHome, stationPaths } from '../core/stationHome';
import type { Command } from './args';
import { parseCommand, USAGE, UsageError } from './args';

export interface CliIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Tests put a spooler in between (e.g. one that stops the queue at the wrong moment). */
  readonly spooler?: Spooler;
  /** The station this run created (the process's signal handlers ask it what is in flight). */
  readonly onStation?: (station: Station) => void;
}

export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}

function printerLines(printers: readonly PrinterInfo[]): string[] {
  if (printers.length === 0) return ['No printers are set up in CUPS.'];
  return table([
    ['NAME', 'STATE', 'ACCEPTING', 'DEFAULT', 'MESSAGE'],
    ...printers.map((p) => [
      p.name,
      p.state,
      p.accepting === null ? '?' : p.accepting ? 'yes' : 'no',
      p.isDefault ? 'default' : '',
      p.message ?? '',
    ]),
  ]);
}

function historyLines(entries: readonly HistoryEntry[]): string[] {
  if (entries.length === 0) return ['No print jobs yet.'];
  return entries.map((e) =>
    [
      e.time.replace('T', ' ').slice(0, 19),
      e.outcome,
      e.jobId ?? '-',
      e.printer,
      e.setId ? `set ${e.setId}` : e.kind,
      e.message,
    ].join('  '),
  );
}

function pendingLines(marks: readonly PendingMark[]): string[] {
  if (marks.length === 0) return [];
  return [
    `Waiting to be marked printed (${marks.length}): the jobs completed, the server has not accepted the mark yet.`,
    ...marks.map((m) =>
      [
        m.completedAt.replace('T', ' ').slice(0, 19),
        'pending',
        m.jobId ?? '-',
        m.printer,
        m.label,
        `${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}${m.lastError ? `, last: ${m.lastError}` : ''}`,
      ].join('  '),
    ),
    '',
  ];
}

function inFlightLines(jobs: readonly InFlightJob[]): string[] {
  if (jobs.length === 0) return [];
  return [
    `Still in CUPS (${jobs.length}): marked when CUPS says completed, never if cancelled or aborted.`,
    ...jobs.map((job) =>
      [
        job.startedAt.replace('T', ' ').slice(0, 19),
        'in flight',
        job.jobId ?? '-',
        job.printer,
        job.setIds.length > 0 ? job.label : 'nothing to mark',
      ].join('  '),
    ),
    '',
  ];
}

const cellOf = (cell: { column: number; row: number }) => `column ${cell.column}, row ${cell.row}`;

function readBackLines(report: ReadBackReport): string[] {
  const mm = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} mm`;
  return [
    `Read ${report.read.length} labels in their cells${report.sheet > 1 ? ` (sheet ${report.sheet} of the set)` : ''}.`,
    ...report.unreadable.map((c) => `unreadable  ${cellOf(c)}  ${c.value}`),
    ...report.missing.map((c) => `missing     ${cellOf(c)}  ${c.value}`),
    ...report.duplicated.map((c) => `duplicated  ${cellOf(c)}  holds ${c.found} instead of ${c.value}`),
    ...report.shifted.map((c) => `shifted     ${cellOf(c)}  ${c.value}  x ${mm(c.xMm)}, y ${mm(c.yMm)}`),
    ...report.unexpected.map((s) => `unexpected  ${s.text}`),
    report.reprint.length > 0
      ? `Queued for reprint (same codes): ${report.reprint.join(', ')}; from ${cellOf(report.reprintStart)}`
      : 'Nothing to reprint.',
    ...(report.perspective
      ? ['A photo at an angle: offsets are against the other labels (scan the sheet flat to calibrate).']
      : []),
    ...(report.medianOffset
      ? [
          `Median offset of the labels read: x ${mm(report.medianOffset.xMm)}, y ${mm(report.medianOffset.yMm)}`,
        ]
      : []),
  ];
}

const doneLine = (what: string, outcome: PrintOutcome) =>
  `${what} as job ${outcome.jobId} on ${outcome.printer}: ${outcome.labels ? `${outcome.labels} labels on ` : ''}` +
  `${outcome.pages} ${outcome.pages === 1 ? 'sheet' : 'sheets'}. ${outcome.note}.`;

/** A preset saved in the web admin (`/api/admin/print-presets`), by name without case. */
async function serverPreset(station: Station, name: string): Promise<PrintPreset | null> {
  const response = await (await station.api()).raw('GET', '/api/admin/print-presets');
  if (!response.ok) return null;
  const body = (await response.json()) as { data?: { presets?: unknown } };
  const list = z.array(printPreset).safeParse(body.data?.presets);
  const key = name.trim().toLowerCase();
  return list.success ? (list.data.find((preset) => preset.name.toLowerCase() === key) ?? null) : null;
}

async function execute(command: Command, station: Station, io: CliIo, presets: PresetStore): Promise<number> {
  const progress = (event: { message: string }) => io.err(`… ${event.message}`);
  switch (command.name) {
    case 'help':
      io.out(USAGE);
      return EXIT.ok;
    case 'printers': {
      const printers = await station.printers();
      (command.json ? [JSON.stringify(printers, null, 2)] : printerLines(printers)).forEach(io.out);
      return EXIT.ok;
    }
    case 'login': {
      const session = await station.login(command.server, command.identifier, command.password);
      io.out(
        `Signed in to ${session.serverUrl} as ${session.user.email ?? session.user.phoneNumber ?? session.user.id}.`,
      );
      return EXIT.ok;
    }
    case 'logout':
      await station.logout();
      io.out('Signed out.');
      return EXIT.ok;
    case 'print': {
      // Every run is a start: jobs an earlier run left in flight are settled with CUPS first.
      await station.retryMarks().catch(() => undefined);
      // The station's own presets first, then the ones the admins saved in the web admin.
      const preset = command.preset
        ? ((await presets.get(command.preset)) ?? (await serverPreset(station, command.preset)))
        : null;
      if (command.preset && !preset) {
        io.err(`Error: There is no preset named ${command.preset} (npm run station -- presets)`);
        return EXIT.failure;
      }
      const outcome = await station.printSet(
        {
          setId: command.setId,
          ...(preset
            ? {
                printer: preset.printer,
                startColumn: preset.startColumn,
                startRow: preset.startRow,
                templateId: preset.templateId,
                copies: preset.copies,
              }
            : {
                printer: command.printer ?? '',
                startColumn: command.startColumn,
                startRow: command.startRow,
              }),
          onRendered: async (pdf) => {
            if (!command.out) return;
            await writeFile(command.out, pdf);
            io.err(`… Wrote ${command.out}`);
          },
        },
        progress,
      );
      io.out(doneLine(`Printed set ${command.setId}`, outcome));
      return EXIT.ok;
    }
    case 'calibrate': {
      const current = await station.calibration.get(command.printer);
      const changed = command.xMm !== null || command.yMm !== null;
      const result = changed
        ? await station.calibration.set(command.printer, {
            xMm: command.xMm ?? current.xMm,
            yMm: command.yMm ?? current.yMm,
          })
        : current;
      io.out(`${result.printer}: x ${result.xMm} mm, y ${result.yMm} mm${changed ? ' (saved)' : ''}`);
      return EXIT.ok;
    }
    case 'calibration-sheet': {
      const outcome = await station.printCalibrationSheet(
        { printer: command.printer, templateId: command.templateId ?? undefined },
        progress,
      );
      io.out(doneLine('Printed a calibration sheet', outcome));
      return EXIT.ok;
    }
    case 'read-back': {
      const { readBackScan } = await import('../core/scanReader');
      const { report } = await station.readBack(
        { setId: command.setId, startColumn: command.startColumn, startRow: command.startRow },
        (sheet) => readBackScan({ ...sheet, file: command.scan }),
      );
      if (command.json) io.out(JSON.stringify(report, null, 2));
      else readBackLines(report).forEach(io.out);
      return EXIT.ok;
    }
    case 'reprint': {
      // The read-back's queue: each entry the same codes of one set, from the first free label.
      if ((await station.reprints.list()).length === 0) {
        io.out('Nothing queued for reprint.');
        return EXIT.ok;
      }
      // What is printed leaves the queue; what is not (a failure) stays for the next run.
      const result = await station.reprint(command.printer, progress);
      for (const { entry, outcome } of result.printed)
        io.out(doneLine(`Reprinted ${entry.codes.join(', ')} of set ${entry.setId}`, outcome));
      if (result.error !== null) throw new Error(result.error);
      return EXIT.ok;
    }
    case 'templates': {
      const offered = await queueTemplates(station.spooler, command.printer);
      if (offered.length === 0) io.out(`No label template fits the media of ${command.printer}.`);
      else
        table([
          ['ID', 'MEDIUM', 'MEDIA', 'NAME'],
          ...offered.map((t) => [t.id, t.medium, t.media, t.name]),
        ]).forEach(io.out);
      return EXIT.ok;
    }
    case 'presets': {
      const list = await presets.list();
      // Beside each preset, its printer's calibration on this station (the preset has none).
      const calibrations = await Promise.all(list.map((p) => station.calibration.get(p.printer)));
      if (command.json)
        io.out(
          JSON.stringify(
            list.map((p, i) => ({
              ...p,
              printerCalibration: { xMm: calibrations[i].xMm, yMm: calibrations[i].yMm },
            })),
            null,
            2,
          ),
        );
      else if (list.length === 0) io.out('No presets yet.');
      else
        table([
          ['NAME', 'TEMPLATE', 'PRINTER', 'START', 'COPIES', "PRINTER'S CALIBRATION"],
          ...list.map((p, i) => [
            p.name,
            p.templateId,
            p.printer,
            `column ${p.startColumn}, row ${p.startRow}`,
            String(p.copies),
            `x ${signedMm(calibrations[i].xMm)}, y ${signedMm(calibrations[i].yMm)}`,
          ]),
        ]).forEach(io.out);
      return EXIT.ok;
    }
    case 'preset-save': {
      const saved = await presets.save(command.preset);
      io.out(`Saved preset ${saved.name}: ${saved.templateId} on ${saved.printer}.`);
      return EXIT.ok;
    }
    case 'preset-delete': {
      const removed = await presets.remove(command.presetName);
      if (!removed) {
        io.err(`Error: There is no preset named ${command.presetName}`);
        return EXIT.failure;
      }
      io.out(`Deleted preset ${command.presetName}.`);
      return EXIT.ok;
    }
    case 'history': {
      // Jobs a stopped run left are settled with CUPS, marks the server has not accepted yet are
      // tried again; what is still open is shown.
      const pending = await station.retryMarks();
      const inFlight = await station.jobsInFlight();
      const entries = await station.history.list(command.limit);
      if (command.json) io.out(JSON.stringify({ inFlight, pending, entries }, null, 2));
      else [...inFlightLines(inFlight), ...pendingLines(pending), ...historyLines(entries)].forEach(io.out);
      return EXIT.ok;
    }
  }
}

/** The whole command line: parse, run, report. Returns the exit code instead of exiting. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`Error: ${error.message}`);
    io.err('');
    io.err(USAGE);
    return EXIT.usage;
  }
  const home = stationHome(io.env as NodeJS.ProcessEnv);
  const station = createStation({
    home,
    sessions: new FileSessionStore(stationPaths(home).session),
    spooler: io.spooler,
    timeoutMs: command.name === 'print' ? (command.timeoutMs ?? undefined) : undefined,
  });
  io.onStation?.(station);
  try {
    return await execute(command, station, io, new PresetStore(join(home, 'presets.json')));
  } catch (error) {
    if (error instanceof PresetError) {
      io.err(`Error: ${error.message}`);
      return EXIT.usage;
    }
    if (error instanceof ZodError) {
      io.err(`Error: ${error.issues.map((issue) => issue.message).join('; ')}`);
      return EXIT.usage;
    }
    if (error instanceof NotSignedInError) {
      io.err(
        'Error: Not signed in. Run: npm run station -- login --server <url> --identifier <id> --password <pw>',
      );
      return EXIT.failure;
    }
    io.err(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failure;
  }
}
