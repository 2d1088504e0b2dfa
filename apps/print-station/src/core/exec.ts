import { spawn } from 'node:child_process';

export interface CommandResult {
  /** Exit code; null when a signal ended the process. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CommandOptions {
  /** Bytes written to the command's standard input (then closed). */
  readonly input?: Uint8Array;
  readonly timeoutMs?: number;
}

/** Runs a program without a shell. Swappable so the parsers and the pipeline test without CUPS. */
export type RunCommand = (
  command: string,
  args: readonly string[],
  options?: CommandOptions,
) => Promise<CommandResult>;

/** The program is not installed (ENOENT), as opposed to one that ran and failed. */
export class CommandMissingError extends Error {
  constructor(readonly command: string) {
    super(`${command} is not installed`);
    this.name = 'CommandMissingError';
  }
}

/**
 * The real thing. CUPS' tools translate their messages; the parsers read the C locale's, so the
 * locale is pinned here rather than trusted from the user's environment.
 */
export const runCommand: RunCommand = (command, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, LC_ALL: 'C', LANG: 'C', LANGUAGE: 'C' },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: options.timeoutMs ?? 30_000,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new CommandMissingError(command) : error),
    );
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
    // A program that exits before reading all its input must not crash us with EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ? Buffer.from(options.input) : undefined);
  });

/** The command's own complaint, trimmed to one line for an operator's message. */
export function commandComplaint(result: CommandResult): string {
  const text = (result.stderr.trim() || result.stdout.trim()).split('\n')[0] ?? '';
  return text || `exit code ${result.code}`;
}
