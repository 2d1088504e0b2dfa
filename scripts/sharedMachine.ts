/**
 * `npm run test:shared-machine`: the suite stays green on a busy machine that another run shares.
 * Two runs start at once in this checkout, beside two CPU loops that never rest (each keeps a core
 * busy), and both must pass. Each run has what a second person's run would have: its own ports,
 * data folder, web build and test-results folder; nothing in either run is told about the other.
 *
 * - `npm run test:shared-machine` (a reduced form, run by hand): each run is the test files that
 *   start servers, child processes and peers or hold a machine-wide resource (`SHARED_FILES`, on
 *   both databases) beside a pair of browser specs (lost-mode, with the mail and SMS peers, and
 *   station, with its own build and preview server), each run building its own web app as
 *   `npm test` does. Every kind of shared resource (ports, data folders, built files, PostgreSQL's
 *   and the embedded database's templates, the CPU) is contended, not every test: on a two-core
 *   machine already loaded by other work this form took 18 minutes and `--projects` 31, and CI's
 *   whole run must stay within 20 minutes (`npm test` takes about 10 of them).
 * - `-- --projects`: each run is the whole unit and api-embedded projects beside the browser pair.
 * - `-- --full`: each run is the whole `npm test` (the CUPS tests take turns on the machine's
 *   queues under `npm test`'s lock).
 *
 * CI=true is not passed on: under it each run would write the same JSON reports and retry a failed
 * browser test once, which would hide what this check is for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const form = process.argv.includes('--full')
  ? 'full'
  : process.argv.includes('--projects')
    ? 'projects'
    : 'ci';
const SHARED_FILES = [
  'apps/api/src/server.test.ts', // sockets and the connection limits
  'apps/api/src/db/connection.test.ts', // the embedded data folder's lock, API child processes
  'apps/api/src/routes/found/found.test.ts', // the SMTP sink and the SMS provider's peer
  'apps/api/src/notifications/delivery.test.ts', // deliveries to a real SMTP server
  'apps/api/src/routes/items/photoStoreDown.test.ts', // a real S3 server, stopped and started
  'apps/print-station/src/core/apiClient.test.ts', // the station's client against real servers
  'tests/runIsolation.test.ts', // two browser-test configs at once
];
const BROWSER_SPECS = ['tests/e2e/lost-mode.spec.ts', 'tests/e2e/station.spec.ts'];
const LOOPS = 2;
const results = path.join(repoRoot, 'test-results/shared-machine');

/** This process's environment without what would tie a run to a place or to CI. */
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== 'CI' && !k.startsWith('E2E_')),
) as Record<string, string>;

/** `command` in the repository, each output line after `prefix`; resolves its exit code. */
function run(prefix: string, command: string, args: string[], env: Record<string, string>) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...baseEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const)
      readline.createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
    child.once('error', () => resolve(1));
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** One run's vitest and browser lanes, side by side as `npm test` runs them. */
async function reducedRun(name: string, env: Record<string, string>) {
  // Both runs build the web app at once (scripts/build.ts: one folder per version of the
  // sources, switched to in one rename); each serves that folder, not the shared link.
  const browser = async () => {
    const built = await run(`[${name} web] `, 'npm', ['run', 'build:web'], env);
    if (built) return built;
    const webDist = fs.realpathSync(path.join(repoRoot, 'apps/web/dist'));
    return run(
      `[${name} browser] `,
      'npx',
      ['playwright', 'test', '-c', 'tests/playwright.config.ts', ...BROWSER_SPECS],
      {
        ...env,
        E2E_WEB_DIST: webDist,
      },
    );
  };
  const codes = await Promise.all([
    run(
      `[${name} vitest] `,
      'npx',
      [
        'vitest',
        'run',
        ...(form === 'ci'
          ? ['--project', 'unit', '--project', 'api-postgres', '--project', 'api-embedded', ...SHARED_FILES]
          : ['--project', 'unit', '--project', 'api-embedded']),
      ],
      env,
    ),
    browser(),
  ]);
  return codes.find((c) => c !== 0) ?? 0;
}

async function main() {
  const started = Date.now();
  fs.rmSync(results, { recursive: true, force: true });
  // Busy loops at the runs' own priority, as another user's work would be.
  const loops: ChildProcess[] = Array.from({ length: LOOPS }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const stopLoops = () => loops.forEach((loop) => loop.kill('SIGKILL'));
  process.once('exit', stopLoops);
  let codes: number[];
  try {
    codes = await Promise.all(
      ['a', 'b'].map((name) => {
        const env = { E2E_OUTPUT_DIR: path.join(results, name, 'e2e') };
        return form === 'full' ? run(`[${name}] `, 'npm', ['test'], env) : reducedRun(name, env);
      }),
    );
  } finally {
    stopLoops();
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const what = {
    full: 'two `npm test` runs',
    projects: 'two runs (unit, api-embedded, two browser specs)',
    ci: 'two runs (the tests of shared resources, two browser specs)',
  }[form];
  const verdicts = codes.map((c, i) => `run ${'ab'[i]} ${c === 0 ? 'passed' : 'FAILED'}`).join(', ');
  console.log(`\ntest:shared-machine: ${what} beside ${LOOPS} busy loops: ${verdicts}, ${minutes} min`);
  process.exit(codes.some((c) => c !== 0) ? 1 : 0);
}

await main();
