import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const hasQueue = (queue: string) => spawnSync('lpstat', ['-p', queue], { stdio: 'ignore' }).status === 0;

describe('npm test -- --preflight', () => {
  it('prints what the run would set up and sets nothing up', () => {
    // Queues no machine has: the real run would make them (as root, with CUPS installed).
    const queues = { HOMING_CUPS_QUEUE: 'HomingPreflightProbe', HOMING_QL_QUEUE: 'HomingPreflightRoll' };
    const { CI: _ci, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/test.ts', '--preflight'], {
      cwd: repoRoot,
      env: { ...env, ...queues },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^would run: vitest \(unit, api-embedded/m);
    expect(run.stdout).not.toContain('preparing');
    const canMake = process.getuid?.() === 0 && fs.existsSync('/usr/lib/cups/backend/cups-pdf');
    if (canMake)
      expect(run.stdout).toContain('would prepare the CUPS queue HomingPreflightProbe (.ci/cups-setup)');
    else expect(run.stdout).toContain('skipped station-cups: no CUPS queue HomingPreflightProbe');
    expect(hasQueue(queues.HOMING_CUPS_QUEUE)).toBe(false);
  });
});
