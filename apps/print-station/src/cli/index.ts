#!/usr/bin/env node
/** `npm run station -- <command>`: the print station without a window (see ../../README.md). */
import { runCli } from './run';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
