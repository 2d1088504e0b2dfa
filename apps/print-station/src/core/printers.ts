import type { RunCommand } from './exec';
import { commandComplaint, runCommand } from './exec';
import type { PrinterInfo, PrinterState } from '../shared/types';

export type { PrinterInfo, PrinterState } from '../shared/types';

interface Block {
  readonly head: string;
  /** Tab-indented lines under the head: CUPS' reason/message text. */
  readonly details: string[];
}

/** lpstat prints one line per destination, with indented detail lines under it. */
function blocks(output: string): Block[] {
  const result: { head: string; details: string[] }[] = [];
  for (const line of output.split(/\r?\n/)) {
    if (!line.trim()) continue;
    if (/^\s/.test(line)) result.at(-1)?.details.push(line.trim());
    else result.push({ head: line.trim(), details: [] });
  }
  return result;
}

/** `lpstat -e`: one destination per line (printers, classes, instances like `Name/draft`). */
export function parseDestinations(output: string): string[] {
  return [
    ...new Set(
      output
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('lpstat:')),
    ),
  ];
}

export interface StateLine {
  readonly state: PrinterState;
  readonly message: string | null;
}

/**
 * `lpstat -p`: "printer NAME is idle.  enabled since …", "printer NAME now printing NAME-7.
 * enabled since …", "printer NAME disabled since … -" with the reason on the next line.
 */
export function parsePrinterStates(output: string): Map<string, StateLine> {
  const states = new Map<string, StateLine>();
  for (const { head, details } of blocks(output)) {
    const match = /^printer\s+(\S+)\s+(.*)$/.exec(head);
    if (!match) continue;
    const rest = match[2];
    const state: PrinterState = /^disabled\b/.test(rest)
      ? 'stopped'
      : /^now printing\b/.test(rest)
        ? 'printing'
        : /^is idle\b/.test(rest)
          ? 'idle'
          : 'unknown';
    states.set(match[1], { state, message: details.join(' ') || null });
  }
  return states;
}

export interface AcceptingLine {
  readonly accepting: boolean;
  readonly message: string | null;
}

/** `lpstat -a`: "NAME accepting requests since …" or "NAME not accepting requests since … -". */
export function parseAccepting(output: string): Map<string, AcceptingLine> {
  const accepting = new Map<string, AcceptingLine>();
  for (const { head, details } of blocks(output)) {
    const match = /^(\S+)\s+(not\s+)?accepting requests\b/.exec(head);
    if (match) accepting.set(match[1], { accepting: !match[2], message: details.join(' ') || null });
  }
  return accepting;
}

/** `lpstat -d`: "system default destination: NAME" or "no system default destination". */
export function parseDefault(output: string): string | null {
  return /^system default destination:\s*(\S+)/m.exec(output)?.[1] ?? null;
}

/** Joins the four lpstat answers into one list, in the order `lpstat -e` gave. */
export function mergePrinters(
  destinations: readonly string[],
  states: ReadonlyMap<string, StateLine>,
  accepting: ReadonlyMap<string, AcceptingLine>,
  defaultName: string | null,
): PrinterInfo[] {
  // A queue can show in -p but not -e (older CUPS): keep it.
  const names = [...new Set([...destinations, ...states.keys()])];
  return names.map((name) => {
    // An instance (`Queue/draft`) is its queue with other default options.
    const queue = name.split('/')[0];
    const state = states.get(name) ?? states.get(queue);
    const accept = accepting.get(name) ?? accepting.get(queue);
    return {
      name,
      state: state?.state ?? 'unknown',
      accepting: accept?.accepting ?? null,
      isDefault: name === defaultName,
      message: state?.message ?? accept?.message ?? null,
    };
  });
}

/** CUPS itself cannot be asked: not installed, or its scheduler is down. */
export class CupsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CupsUnavailableError';
  }
}

const NO_DESTINATIONS = /no destinations added/i;
const NOT_RUNNING = /scheduler is not running|unable to connect|connection refused/i;

/** The printers CUPS knows, with their state; an empty list when none are set up. */
export async function discoverPrinters(run: RunCommand = runCommand): Promise<PrinterInfo[]> {
  const [e, p, a, d] = await Promise.all([['-e'], ['-p'], ['-a'], ['-d']].map((args) => run('lpstat', args)));
  for (const result of [e, p, a, d]) {
    if (NOT_RUNNING.test(result.stderr))
      throw new CupsUnavailableError(`CUPS is not running (${commandComplaint(result)})`);
  }
  if (e.code !== 0 && !NO_DESTINATIONS.test(e.stderr) && p.code !== 0 && !NO_DESTINATIONS.test(p.stderr))
    throw new CupsUnavailableError(`Cannot list printers: ${commandComplaint(e)}`);
  return mergePrinters(
    parseDestinations(e.code === 0 ? e.stdout : ''),
    parsePrinterStates(p.stdout),
    parseAccepting(a.stdout),
    parseDefault(d.stdout),
  );
}

/**
 * Why a job must not be sent to `name`, or null when it may. Checked before anything is
 * submitted, so a stopped queue never holds a job the operator thinks is printing.
 */
export function printerProblem(printers: readonly PrinterInfo[], name: string): string | null {
  const printer = printers.find((candidate) => candidate.name === name);
  if (!printer) return `Printer ${name} was not found`;
  const why = printer.message ? ` (${printer.message})` : '';
  if (printer.state === 'stopped') return `Printer ${name} is stopped${why}`;
  if (printer.accepting === false) return `Printer ${name} is not accepting jobs${why}`;
  return null;
}
