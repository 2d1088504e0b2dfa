/**
 * Where one run of the browser tests lives: the server's port, its two peers' ports (SMTP and the
 * Twilio-shaped HTTP server, tests/e2e/peers.ts) and its data folder. Two runs on one machine
 * (two developers, two worktrees, CI beside a developer) must not share any of them.
 *
 * - E2E_PORT given: that port, its peers on E2E_PORT+1000 and +2000 (or E2E_PEER_SMTP_PORT /
 *   E2E_PEER_HTTP_PORT); E2E_DATA_DIR given: that folder, emptied at the start as before.
 * - Not given: three ports the kernel picks free now, and a new folder of this run's own
 *   (`homing-e2e-run-<pid>-…` in the system's temporary folder).
 *
 * Playwright evaluates its config in the runner and again in every worker. The first evaluation
 * writes what it chose into `process.env`, which the workers and the web servers inherit, so every
 * process of a run agrees on the same places; a second run has its own runner and its own choice.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunPlaces {
  port: number;
  smtpPort: number;
  httpPort: number;
  dataDir: string;
  /** The folder was made for this run (nothing else may be in it); false when E2E_DATA_DIR named it. */
  ownDataDir: boolean;
}

const RUN_FOLDER = /^homing-e2e-run-(\d+)-/;

/**
 * `count` different ports nothing listens on now, on any address: all held at once (so no two are
 * the same) by a child process, then released. Synchronous, as the config is read synchronously.
 */
export function freePortsSync(count: number): number[] {
  const probe = `
    const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    let left = servers.length;
    for (const s of servers) s.listen(0, () => {
      if (--left) return;
      console.log(servers.map((x) => x.address().port).join(' '));
      for (const x of servers) x.close();
    });`;
  const out = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
  const ports = out.stdout.trim().split(' ').map(Number);
  if (out.status !== 0 || ports.length !== count || ports.some((p) => !(p > 0)))
    throw new Error(`could not find ${count} free ports: ${out.stderr || out.stdout}`);
  return ports;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes the run folders left by runs whose runner has ended (killed, or stopped before its
 * server did): never one whose runner still lives, so a run beside this one keeps its folder.
 */
export function removeEndedRunFolders(tmp = os.tmpdir()) {
  for (const name of fs.readdirSync(tmp)) {
    const pid = RUN_FOLDER.exec(name)?.[1];
    if (!pid || alive(Number(pid))) continue;
    try {
      fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
    } catch {
      // Another user's folder: theirs to remove.
    }
  }
}

/** This run's places, chosen once per run: see the top of this file. `env` is process.env but in tests. */
export function runPlaces(env: NodeJS.ProcessEnv = process.env): RunPlaces {
  if (!env.E2E_PORT) {
    const [port, smtp, http] = freePortsSync(3) as [number, number, number];
    env.E2E_PORT = String(port);
    env.E2E_PEER_SMTP_PORT = String(smtp);
    env.E2E_PEER_HTTP_PORT = String(http);
  }
  if (!env.E2E_DATA_DIR) {
    removeEndedRunFolders();
    env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), `homing-e2e-run-${process.pid}-`));
    env.E2E_OWN_DATA_DIR = '1';
    // The runner outlives its servers (Playwright stops them first): the folder goes with it.
    const made = env.E2E_DATA_DIR;
    process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  }
  const port = Number(env.E2E_PORT);
  return {
    port,
    smtpPort: Number(env.E2E_PEER_SMTP_PORT ?? port + 1000),
    httpPort: Number(env.E2E_PEER_HTTP_PORT ?? port + 2000),
    dataDir: env.E2E_DATA_DIR,
    ownDataDir: env.E2E_OWN_DATA_DIR === '1',
  };
}
