#!/usr/bin/env node
/** `npm run station -- <command>`: the print station without a window (see ../../README.md). */
import type { Station } from '../core/station';
import { sayWhatHappensOnQuit } from './quit';
import { runCli } from './run';

let station: Station | null = null;
sayWhatHappensOnQuit(() => station);

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  onStation: (created) => (station = created),
});
process.exitCode = code;
