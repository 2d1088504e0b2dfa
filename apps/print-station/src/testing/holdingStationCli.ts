/**
 * Test support: the station's command line as its own process (`tsx` this file), printing through
 * the holding spooler, so a test can stop or kill it while its job waits in CUPS.
 */
import { sayWhatHappensOnQuit } from '../cli/quit';
import { runCli } from '../cli/run';
import type { Station } from '../core/station';
import { holdingSpooler } from './holdingSpooler';

let station: Station | null = null;
sayWhatHappensOnQuit(() => station);
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  spooler: holdingSpooler(),
  onStation: (created) => (station = created),
});
