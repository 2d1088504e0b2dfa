/**
 * `npm test`: looks at what this machine has, sets up what it can, then runs every suite that can
 * run here. Each suite or group of tests it cannot run is named on one line with the command that
 * would enable it; under CI=true a missing prerequisite fails the run instead (a green CI run means
 * everything ran). Tests that need a tool guard themselves too (they skip saying why, or fail
 * under CI), so `npx vitest run <file>` behaves the same way. `npm test -- --preflight` only looks:
 * it prints what would run, be skipped and be set up, and changes nothing on the machine.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findElectronBinary } from '../apps/print-station/scripts/electronRuntime';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const inCi = process.env.CI === 'true';
const isRoot = process.getuid?.() === 0;
const sudo = isRoot ? '' : 'sudo ';
const asPostgres = isRoot ? 'runuser -u postgres --' : 'sudo -u postgres';
const preflight = process.argv.includes('--preflight');
/** What the real run would set up first (preflight names it instead of doing it). */
const toPrepare: string[] = [];

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUEUE = process.env.HOMING_CUPS_QUEUE ?? 'HomingPDF';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Skip {
  /** What does not run, e.g. "api-postgres" or "the nginx tests (proxy.test.ts, scale.test.ts)". */
  what: string;
  why: string;
  /** What would enable it: "run `…` then `npm test`". */
  enable: string;
  /** May be skipped under CI=true too (nothing CI can install provides it). */
  allowedInCi?: boolean;
}
const skips: Skip[] = [];
const skipLine = (s: Skip) => `skipped ${s.what}: ${s.why} — ${s.enable}`;
const runThen = (command: string, test = 'npm test') => `run \`${command}\` then \`${test}\``;

const onPath = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const apt = (...packages: string[]) => runThen(`${sudo}apt-get install ${packages.join(' ')}`);

/** PostgreSQL for the api-postgres project: connects and runs one query, as the tests will. */
async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Held while a run's CUPS tests print (flock): one run at a time on this machine's queues. */
const CUPS_LOCK = path.join(os.tmpdir(), 'homing-cups-queues.lock');

const hasQueue = () => spawnSync('lpstat', ['-p', QUEUE], { stdio: 'ignore' }).status === 0;

/**
 * The CUPS queue the station-cups tests print to. Made here, exactly as CI makes it
 * (.ci/cups-setup), when this process may: as root, with cups and cups-pdf installed.
 */
function cupsQueue(): Skip | null {
  if (hasQueue()) return null;
  const what = 'station-cups';
  const installed = fs.existsSync('/usr/sbin/cupsd') && fs.existsSync('/usr/lib/cups/backend/cups-pdf');
  if (!installed)
    return {
      what,
      why: `no CUPS queue ${QUEUE} (cups or printer-driver-cups-pdf is not installed)`,
      enable: apt('cups', 'cups-client', 'printer-driver-cups-pdf'),
    };
  if (!isRoot)
    return {
      what,
      why: `no CUPS queue ${QUEUE}, and making one needs root`,
      enable: runThen('sudo .ci/cups-setup'),
    };
  if (preflight) {
    toPrepare.push(`the CUPS queue ${QUEUE} (.ci/cups-setup)`);
    return null;
  }
  console.log(`preparing the CUPS queue ${QUEUE} (.ci/cups-setup)`);
  const setup = spawnSync(path.join(repoRoot, '.ci/cups-setup'), { stdio: 'inherit' });
  if (setup.status === 0 && hasQueue()) return null;
  return {
    what,
    why: `.ci/cups-setup could not make the CUPS queue ${QUEUE}`,
    enable: runThen('.ci/cups-setup'),
  };
}

const ROLL_QUEUES = [
  process.env.HOMING_QL_QUEUE ?? 'HomingQL',
  process.env.HOMING_DYMO_QUEUE ?? 'HomingDymo',
];
const hasRollQueues = () =>
  ROLL_QUEUES.every((queue) => spawnSync('lpstat', ['-p', queue], { stdio: 'ignore' }).status === 0);

/**
 * The roll label printers of the station's roll tests (rollPrint.cups.test.ts): Brother QL and
 * DYMO LabelWriter queues on the Debian drivers, their device a file (.ci/cups-roll-setup).
 */
function rollQueues(): Skip | null {
  if (hasRollQueues()) return null;
  const what = 'the roll printer tests (rollPrint.cups.test.ts)';
  const drivers = fs.existsSync('/usr/lib/cups/driver/ptouch') && fs.existsSync('/usr/lib/cups/driver/dymo');
  if (!drivers)
    return {
      what,
      why: 'printer-driver-ptouch or printer-driver-dymo is not installed',
      enable: apt('printer-driver-ptouch', 'printer-driver-dymo'),
    };
  if (!isRoot)
    return { what, why: 'making the roll queues needs root', enable: runThen('sudo .ci/cups-roll-setup') };
  if (preflight) {
    toPrepare.push(`the roll label queues ${ROLL_QUEUES.join(', ')} (.ci/cups-roll-setup)`);
    return null;
  }
  console.log(`preparing the roll label queues ${ROLL_QUEUES.join(', ')} (.ci/cups-roll-setup)`);
  const setup = spawnSync(path.join(repoRoot, '.ci/cups-roll-setup'), { stdio: 'inherit' });
  if (setup.status === 0 && hasRollQueues()) return null;
  return {
    what,
    why: '.ci/cups-roll-setup could not make the roll queues',
    enable: runThen('.ci/cups-roll-setup'),
  };
}

/** Tools some tests need; those tests skip (saying why) without them, or fail under CI=true. */
function tools(): Skip[] {
  const found: Skip[] = [];
  const need = (present: boolean, what: string, why: string, enable: string) => {
    if (!present) found.push({ what, why, enable });
  };
  need(
    onPath('pdftoppm'),
    'the label raster tests and the CUPS print tests',
    "no poppler's pdftoppm",
    apt('poppler-utils'),
  );
  need(onPath('zbarimg'), 'the label readability test', 'no zbarimg', apt('zbar-tools'));
  need(
    fs.existsSync('/usr/sbin/nginx'),
    'the trusted-proxy and scale tests',
    'no /usr/sbin/nginx',
    apt('nginx'),
  );
  need(
    onPath('pg_dump') && onPath('pg_restore'),
    "the scale test's backup and restore",
    'no pg_dump',
    apt('postgresql-client'),
  );
  need(onPath('openssl'), 'the scale test', 'no openssl', apt('openssl'));
  need(
    ['/usr/sbin/bearerbox', '/usr/sbin/smsbox', '/usr/lib/kannel/test/fakesmsc'].every((f) =>
      fs.existsSync(f),
    ),
    'the Kannel SMS gateway test',
    'no Kannel (bearerbox, smsbox, fakesmsc)',
    apt('kannel', 'kannel-extras'),
  );
  need(
    fs.existsSync('/usr/bin/systemd-analyze'),
    'the systemd unit checks',
    'no systemd-analyze',
    apt('systemd'),
  );
  if (!findElectronBinary())
    found.push({
      what: 'the Electron launch test',
      why: 'no Electron binary (not part of `npm install`)',
      enable: runThen('npm run station:app'),
      allowedInCi: true,
    });
  return found;
}

/**
 * Runs a command in the repository, output shown as it comes (each line after `prefix`, when
 * given, so two suites running side by side stay readable); resolves its exit code.
 */
function run(
  command: string,
  args: string[],
  prefix = '',
  env: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix)
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const)
        readline.createInterface({ input: from! }).on('line', (line) => to.write(`${prefix}${line}\n`));
    child.once('error', () => resolve(1));
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  const started = Date.now();
  const projects = ['unit', 'api-embedded'];

  const pgProblem = await postgresProblem();
  if (pgProblem === null) projects.push('api-postgres');
  else
    skips.push({
      what: 'api-postgres',
      why: `no PostgreSQL at ${new URL(TEST_DATABASE_URL).host} (${pgProblem})`,
      enable: runThen(
        `${sudo}apt-get install postgresql && ${asPostgres} createdb test && ` +
          `${asPostgres} psql -c "ALTER USER postgres PASSWORD 'postgres'"`,
        'TEST_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/test npm test',
      ),
    });

  const cups = cupsQueue();
  if (cups) skips.push(cups);
  else projects.push('station-cups');
  const rolls = cups ? null : rollQueues();
  if (rolls) skips.push(rolls);

  const browser = fs.existsSync(CHROMIUM);
  if (!browser)
    skips.push({
      what: 'the browser tests (tests/e2e)',
      why: `no Chromium at ${CHROMIUM}`,
      enable: apt('chromium'),
    });

  skips.push(...tools());

  for (const skip of skips) console.log(skipLine(skip));
  const fatal = inCi ? skips.filter((s) => !s.allowedInCi) : [];
  if (fatal.length) {
    console.error(`CI=true: ${fatal.length} prerequisite(s) missing (above); nothing may be skipped in CI.`);
    process.exit(1);
  }
  if (preflight) {
    for (const what of toPrepare) console.log(`would prepare ${what}`);
    console.log(`would run: vitest (${projects.join(', ')})${browser ? ' and the browser tests' : ''}`);
    return;
  }

  // What the tests that start the product as a process run (`npm start`'s bundles, the web build),
  // built once before both lanes rather than by each (the web app only when its sources changed).
  const build = await run('npm', ['run', 'build', '--silent'], '[build] ');
  if (build !== 0) {
    console.error('npm test: npm run build failed (above); no test ran.');
    process.exit(build);
  }

  // Two lanes side by side: each alone leaves part of the two cores idle while it waits on
  // PostgreSQL, CUPS, sockets or a page. The CUPS tests run one file at a time (they stop and
  // start the one queue), so they follow the browser tests in the second lane rather than end the
  // first alone on one core (about 95 s of it).
  const cupsToo = projects.includes('station-cups');
  const mainProjects = projects.filter((p) => p !== 'station-cups');
  // The CUPS queues are the machine's: another run's CUPS tests (another checkout, another user)
  // finish first, under a lock the kernel drops if that run dies.
  const cupsRun = () =>
    cupsToo
      ? run('flock', [CUPS_LOCK, 'npx', 'vitest', 'run', '--project', 'station-cups'], '[cups] ', {
          HOMING_VITEST_REPORT: 'test-results/vitest-cups.json',
        })
      : Promise.resolve(0);
  // The browser tests serve the build of this run's sources by its own folder, not through
  // apps/web/dist: a run beside this one in the same checkout switching that link to a build of
  // other sources cannot pull pages from under this run's server.
  const webBuild = fs.realpathSync(path.join(repoRoot, 'apps/web/dist'));
  const browserRun = () => run('npm', ['run', 'test:e2e'], '[browser] ', { E2E_WEB_DIST: webBuild });
  const [vitest, [e2e, cupsStatus]] = await Promise.all([
    run('npx', ['vitest', 'run', ...mainProjects.flatMap((p) => ['--project', p])]),
    (async () => [browser ? await browserRun() : 0, await cupsRun()])(),
  ]);

  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const verdict = (status: number) => (status === 0 ? 'passed' : 'FAILED');
  console.log(
    `\nnpm test: vitest ${verdict(vitest)} (${mainProjects.join(', ')})` +
      (cupsToo ? `, station-cups ${verdict(cupsStatus)}` : '') +
      (browser ? `, browser tests ${verdict(e2e)}` : '') +
      `, ${minutes} min`,
  );
  for (const skip of skips) console.log(skipLine(skip));
  process.exit(vitest || e2e || cupsStatus);
}

await main();
