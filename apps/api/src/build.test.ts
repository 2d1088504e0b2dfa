import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/childProcess';
import { WAIT_MS } from './testing/patience';
import { testDbKind } from './testing/testServer';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * `npm start` as a person runs it in the repository, in its own process group (npm, the build, then
 * the server), on its own port and data folder; `ready` resolves once the server listens.
 */
function npmStart(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-npm-start-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...env,
  };
  // The test runner's own; `npm start` is production.
  delete childEnv.NODE_ENV;
  const child = spawn('npm', ['start'], { cwd: repoRoot, env: childEnv, detached: true });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (!output.includes('Homing is running')) return;
      clearInterval(timer);
      resolve();
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`npm start exited before it listened:\n${output}`));
    });
  });
  ready.catch(() => undefined);
  return {
    ready,
    output: () => output,
    /** The command lines of its process group: what it really runs. */
    commands: () =>
      spawnSync('ps', ['-o', 'args=', '-g', String(child.pid)], { encoding: 'utf8' }).stdout.split('\n'),
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
type Started = ReturnType<typeof npmStart>;

const get = async (port: number, url: string) => {
  const res = await fetch(`http://127.0.0.1:${port}${url}`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

// The product as `npm start` runs it: built once, then plain node. The embedded database only (its
// own data folder per start); a PostgreSQL run would repeat it.
describe.skipIf(testDbKind() !== 'embedded')('npm start', () => {
  let first: Started;
  let port: number;
  const others: Started[] = [];
  beforeAll(async () => {
    port = await freePort();
    first = npmStart({ PORT: String(port) });
    await first.ready;
  }, WAIT_MS * 2);
  afterAll(async () => {
    await Promise.all([first, ...others].map((s) => s?.stop()));
    // Back to the build of the sources as they are (kept, so nothing is built again), without the
    // second start's.
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--web'], { cwd: repoRoot });
    for (const { output } of others) {
      const built = /building the web app \(sources (\w+)\)/.exec(output())?.[1];
      if (built) fs.rmSync(path.join(repoRoot, 'apps/web/builds', built), { recursive: true, force: true });
    }
  });

  it('runs the bundle with plain node on a fresh data folder: migrated, the landing page and the API', async () => {
    const commands = first.commands();
    expect(commands).toContainEqual(expect.stringMatching(/^node apps\/api\/dist\/main\.js$/));
    expect(commands.filter((c) => c.includes('tsx') && !c.includes('scripts/build.ts'))).toEqual([]);
    expect(await get(port, '/healthz')).toMatchObject({ status: 200 });
    // Ready: the new database is migrated.
    expect(await get(port, '/readyz')).toMatchObject({ status: 200 });
    const config = await get(port, '/api/config');
    expect(config.status).toBe(200);
    expect(JSON.parse(config.text)).toMatchObject({ success: true, error: null });
    // The owner app's landing (`/` is the finder's front door, served from the same build).
    const landing = await get(port, '/?app');
    expect(landing).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
    expect(landing.text).toContain('<div id="root"></div>');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(landing.text)?.[1];
    expect(script).toBeDefined();
    expect(await get(port, script!)).toMatchObject({
      status: 200,
      type: expect.stringMatching(/javascript/),
    });
  });

  it('a second start in the same folder, rebuilding the web app, leaves the first serving its pages', async () => {
    const landing = await get(port, '/?app');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(landing.text)![1];
    // A VITE_ variable is part of what the web build is made from: the second start builds anew.
    const second = npmStart({
      PORT: String(await freePort()),
      VITE_BUILD_CHECK: crypto.randomBytes(4).toString('hex'),
    });
    others.push(second);
    const answers: string[] = [];
    let done = false;
    const polling = (async () => {
      while (!done)
        for (const url of ['/', '/?app', '/items', script]) {
          const res = await get(port, url);
          answers.push(`${res.status} ${url}${res.status === 200 ? '' : ` ${res.text.slice(0, 200)}`}`);
        }
    })();
    try {
      await second.ready;
    } finally {
      done = true;
      await polling;
    }
    expect(second.output()).toContain('building the web app');
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.filter((a) => !a.startsWith('200 '))).toEqual([]);
    expect((await get(port, '/?app')).text).toBe(landing.text);
  });
});
