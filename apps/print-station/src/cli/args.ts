import { parseArgs } from 'node:util';
import { MAX_PRESET_COPIES } from '@homing/shared';

export type Command =
  | { readonly name: 'help' }
  | { readonly name: 'printers'; readonly json: boolean }
  | {
      readonly name: 'login';
      readonly server: string;
      readonly identifier: string;
      readonly password: string;
    }
  | { readonly name: 'logout' }
  | {
      readonly name: 'print';
      readonly setId: string;
      /** Null with a preset, which names the printer. */
      readonly printer: string | null;
      readonly preset: string | null;
      readonly startColumn: number;
      readonly startRow: number;
      readonly out: string | null;
      readonly timeoutMs: number | null;
    }
  | {
      readonly name: 'calibrate';
      readonly printer: string;
      readonly xMm: number | null;
      readonly yMm: number | null;
    }
  | { readonly name: 'calibration-sheet'; readonly printer: string; readonly templateId: string | null }
  | { readonly name: 'history'; readonly limit: number; readonly json: boolean }
  | {
      readonly name: 'read-back';
      readonly setId: string;
      readonly scan: string;
      readonly startColumn: number;
      readonly startRow: number;
      readonly json: boolean;
    }
  | { readonly name: 'reprint'; readonly printer: string }
  | { readonly name: 'templates'; readonly printer: string }
  | { readonly name: 'presets'; readonly json: boolean }
  | {
      readonly name: 'preset-save';
      readonly preset: {
        name: string;
        templateId: string;
        printer: string;
        startColumn: number;
        startRow: number;
        copies: number;
      };
    }
  | { readonly name: 'preset-delete'; readonly presetName: string };

/** Bad command-line input: the CLI prints the message and the usage, and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `Homing print station (headless)

Usage: npm run station -- <command> [options]

  printers                              List CUPS printers and their state
  login --server <url> --identifier <email-or-phone> --password <pw>
                                        Sign in as an admin (or HOMING_SERVER,
                                        HOMING_IDENTIFIER, HOMING_PASSWORD)
  logout                                Forget the session
  print --set <id> --printer <name> [--start-col <c>] [--start-row <r>]
        [--out <file.pdf>] [--timeout <seconds>]
                                        Print a set's labels, wait for the job to
                                        complete, then mark the set printed
  print --set <id> --preset <name> [--out <file.pdf>] [--timeout <seconds>]
                                        The same with a preset's printer, start and
                                        copies (the set must be of its template; the
                                        printer's own calibration applies)
  templates --printer <name>            The label templates the printer's media fit
  presets [--json]                      List the saved print presets, each beside
                                        its printer's calibration on this station
  preset-save --name <n> --template <id> --printer <name> [--start-col <c>]
        [--start-row <r>] [--copies <n>]
                                        Save a preset (replaces one of that name)
  preset-delete --name <n>              Delete a preset
  calibrate --printer <name> [--x-mm <n>] [--y-mm <n>]
                                        Show or set the printer's offsets (mm;
                                        +x right, +y down)
  calibration-sheet --printer <name> [--template <id>]
                                        Print a calibration sheet
  history [--limit <n>] [--json]        Recent print jobs, newest first, after the marks still pending
  read-back --set <id> --scan <image> [--start-col <c>] [--start-row <r>] [--json]
                                        Read a scan of the set's printed first sheet:
                                        unreadable, missing, duplicated and shifted
                                        labels; failed codes are queued for reprint
  reprint --printer <name>              Print the queued failed labels (same codes), each
                                        entry from the first free label after its set

Files live in $HOMING_STATION_HOME (default ~/.config/homing-station).
Exit codes: 0 done, 1 print or server failure, 2 usage error.`;

type Values = Record<string, string | boolean | undefined>;
type Env = Readonly<Record<string, string | undefined>>;

/** `--x-mm -0.5` reads as an option followed by an option to parseArgs; make it `--x-mm=-0.5`. */
function joinNegativeNumbers(args: readonly string[], spec: Record<string, 'string' | 'boolean'>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith('--') ? args[i].slice(2) : null;
    if (name && spec[name] === 'string' && /^-\.?\d/.test(args[i + 1] ?? ''))
      joined.push(`${args[i]}=${args[++i]}`);
    else joined.push(args[i]);
  }
  return joined;
}

function options(args: string[], spec: Record<string, 'string' | 'boolean'>): Values {
  try {
    const { values } = parseArgs({
      args: joinNegativeNumbers(args, spec),
      options: Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }])),
      strict: true,
      allowPositionals: false,
    });
    return values as Values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function required(values: Values, name: string, fallback?: string): string {
  const value = typeof values[name] === 'string' ? (values[name] as string) : fallback;
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function whole(values: Values, name: string, min: number, max: number, fallback: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.trim()) || value < min || value > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return value;
}

function millimetres(values: Values, name: string): number | null {
  const raw = values[name];
  if (raw === undefined) return null;
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(value))
    throw new UsageError(`--${name} must be a number of millimetres, e.g. 0.5 or -1.2`);
  return value;
}

const SET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Turns argv (after `station`) into a command; throws UsageError for anything malformed. */
export function parseCommand(argv: readonly string[], env: Env = {}): Command {
  const [name, ...rest] = argv;
  switch (name) {
    case undefined:
      throw new UsageError('Missing command');
    case 'help':
    case '--help':
    case '-h':
      return { name: 'help' };
    case 'printers':
      return { name, json: options(rest, { json: 'boolean' }).json === true };
    case 'login': {
      const values = options(rest, { server: 'string', identifier: 'string', password: 'string' });
      return {
        name,
        server: required(values, 'server', env.HOMING_SERVER),
        identifier: required(values, 'identifier', env.HOMING_IDENTIFIER),
        password: required(values, 'password', env.HOMING_PASSWORD),
      };
    }
    case 'logout':
      options(rest, {});
      return { name };
    case 'print': {
      const values = options(rest, {
        set: 'string',
        printer: 'string',
        'start-col': 'string',
        'start-row': 'string',
        out: 'string',
        timeout: 'string',
        preset: 'string',
      });
      const setId = required(values, 'set').trim();
      if (!SET_ID.test(setId)) throw new UsageError('--set must be a set id (a UUID)');
      const timeout = whole(values, 'timeout', 1, 86_400, 0);
      const preset = typeof values.preset === 'string' ? required(values, 'preset') : null;
      if (preset && ['printer', 'start-col', 'start-row'].some((option) => values[option] !== undefined))
        throw new UsageError('--preset names the printer and the start: give either --preset or those');
      return {
        name,
        setId,
        printer: preset ? null : required(values, 'printer'),
        preset,
        // Range against the template is checked once the set's template is known.
        startColumn: whole(values, 'start-col', 1, 100, 1),
        startRow: whole(values, 'start-row', 1, 100, 1),
        out: typeof values.out === 'string' ? values.out : null,
        timeoutMs: timeout ? timeout * 1000 : null,
      };
    }
    case 'calibrate': {
      const values = options(rest, { printer: 'string', 'x-mm': 'string', 'y-mm': 'string' });
      return {
        name,
        printer: required(values, 'printer'),
        xMm: millimetres(values, 'x-mm'),
        yMm: millimetres(values, 'y-mm'),
      };
    }
    case 'calibration-sheet': {
      const values = options(rest, { printer: 'string', template: 'string' });
      return {
        name,
        printer: required(values, 'printer'),
        templateId: typeof values.template === 'string' ? values.template : null,
      };
    }
    case 'history': {
      const values = options(rest, { limit: 'string', json: 'boolean' });
      return { name, limit: whole(values, 'limit', 1, 10_000, 20), json: values.json === true };
    }
    case 'read-back': {
      const values = options(rest, {
        set: 'string',
        scan: 'string',
        'start-col': 'string',
        'start-row': 'string',
        json: 'boolean',
      });
      const setId = required(values, 'set').trim();
      if (!SET_ID.test(setId)) throw new UsageError('--set must be a set id (a UUID)');
      return {
        name,
        setId,
        scan: required(values, 'scan'),
        startColumn: whole(values, 'start-col', 1, 100, 1),
        startRow: whole(values, 'start-row', 1, 100, 1),
        json: values.json === true,
      };
    }
    case 'reprint':
    case 'templates':
      return { name, printer: required(options(rest, { printer: 'string' }), 'printer') };
    case 'presets':
      return { name, json: options(rest, { json: 'boolean' }).json === true };
    case 'preset-save': {
      const values = options(rest, {
        name: 'string',
        template: 'string',
        printer: 'string',
        'start-col': 'string',
        'start-row': 'string',
        copies: 'string',
      });
      return {
        name,
        preset: {
          name: required(values, 'name'),
          templateId: required(values, 'template'),
          printer: required(values, 'printer'),
          startColumn: whole(values, 'start-col', 1, 100, 1),
          startRow: whole(values, 'start-row', 1, 100, 1),
          copies: whole(values, 'copies', 1, MAX_PRESET_COPIES, 1),
        },
      };
    }
    case 'preset-delete':
      return { name, presetName: required(options(rest, { name: 'string' }), 'name') };
    default:
      throw new UsageError(`Unknown command: ${name}`);
  }
}
