import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ENTRIES } from '../../../scripts/build';
import { repoRoot } from './testing/scale';
import { SYSTEMD_ANALYZE as analyze, withoutSystemdAnalyze } from './testing/systemTools';
import { testDbKind } from './testing/testServer';

// With scale.test.ts (which starts the processes these units run), once: in the PostgreSQL project.
const onceOnly = testDbKind() !== 'postgres';
const missing = onceOnly ? null : withoutSystemdAnalyze();

// The systemd units DEPLOY.md shows cannot run here (no systemd as PID 1); their syntax, directives
// and ExecStart binary are checked instead.
describe.skipIf(onceOnly || missing !== null)(
  `deploy/systemd units${missing ? ` (SKIPPED: ${missing})` : ''}`,
  () => {
    it('pass systemd-analyze verify without a warning', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homing-units-'));
      try {
        // A template unit is verified through an instance: the port 3001.
        const api = path.join(dir, 'homing-api@3001.service');
        fs.copyFileSync(path.join(repoRoot, 'deploy/systemd/homing-api@.service'), api);
        const worker = path.join(repoRoot, 'deploy/systemd/homing-worker.service');
        const run = spawnSync(analyze, ['verify', api, worker], { encoding: 'utf8' });
        expect({ status: run.status, said: run.stdout + run.stderr }).toEqual({ status: 0, said: '' });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);

describe('deploy/systemd units', () => {
  it('run the bundles of `npm run build` with plain node, as the scale test runs them', () => {
    const bundles = Object.keys(API_ENTRIES).map((name) => `apps/api/dist/${name}.js`);
    for (const unit of ['homing-api@.service', 'homing-worker.service']) {
      const text = fs.readFileSync(path.join(repoRoot, 'deploy/systemd', unit), 'utf8');
      const exec = /^ExecStart=(\S+) (.*)$/m.exec(text);
      expect(exec?.[1], unit).toBe('/usr/bin/node');
      expect(bundles, unit).toContain(exec?.[2]);
    }
  });
});
