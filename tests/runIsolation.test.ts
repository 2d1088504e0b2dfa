import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { removeEndedRunFolders, runPlaces } from './e2e/runPlaces';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** The browser tests' config as Playwright's runner reads it, in a process of its own, without E2E_*. */
function readConfig(env: NodeJS.ProcessEnv = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('E2E_')));
  const script = `
    const config = (await import('./tests/playwright.config.ts')).default;
    const server = config.webServer.find((s) => s.command.includes('main.js'));
    console.log(JSON.stringify({
      baseURL: config.use.baseURL,
      peers: config.webServer.find((s) => s.command.includes('peers.ts')).url,
      command: server.command,
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('E2E_'))),
    }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...clean, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise<{ baseURL: string; peers: string; command: string; env: Record<string, string> }>(
    (resolve, reject) =>
      child.once('close', (code) =>
        code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(err || out)),
      ),
  );
}

describe('two runs of the browser tests on one machine', () => {
  it('get different ports and data folders when neither names them, and a worker agrees with its runner', async () => {
    // Two runners at once, as two `npm test` runs start.
    const [a, b] = await Promise.all([readConfig(), readConfig()]);
    // The folder went with its runner; a run's server makes it again at its start.
    made.push(a.env.E2E_DATA_DIR!, b.env.E2E_DATA_DIR!);
    expect(a.baseURL).not.toBe(b.baseURL);
    expect(a.peers).not.toBe(b.peers);
    expect(a.env.E2E_DATA_DIR).not.toBe(b.env.E2E_DATA_DIR);
    expect(a.command).toContain(`DATA_DIR=${a.env.E2E_DATA_DIR} PORT=${a.env.E2E_PORT} `);
    expect(a.command).not.toContain('rm -rf');
    // No run's ports are another's, nor the server's its peers'.
    const ports = [a, b].flatMap((r) => [r.env.E2E_PORT, r.env.E2E_PEER_SMTP_PORT, r.env.E2E_PEER_HTTP_PORT]);
    expect(new Set(ports).size).toBe(6);

    // A worker of run A inherits the runner's environment and reads the same places.
    const worker = await readConfig(a.env);
    expect(worker.baseURL).toBe(a.baseURL);
    expect(worker.peers).toBe(a.peers);
    expect(worker.command).toBe(a.command);
  });

  it('keep the port and folder a developer names, peers beside the port, the folder emptied first', () => {
    const env: NodeJS.ProcessEnv = { E2E_PORT: '3700', E2E_DATA_DIR: '/tmp/e2e-mine' };
    expect(runPlaces(env)).toEqual({
      port: 3700,
      smtpPort: 4700,
      httpPort: 5700,
      dataDir: '/tmp/e2e-mine',
      ownDataDir: false,
    });
  });

  it("removes the folders of runs that ended, never a running run's", () => {
    const env: NodeJS.ProcessEnv = {};
    const mine = runPlaces(env);
    made.push(mine.dataDir);
    expect(mine.ownDataDir).toBe(true);
    // A runner that has ended: its process id no longer names a process.
    const ended = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const leftover = fs.mkdtempSync(path.join(os.tmpdir(), `homing-e2e-run-${ended.stdout.trim()}-`));
    made.push(leftover);

    removeEndedRunFolders();
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.existsSync(mine.dataDir)).toBe(true);
  });
});
